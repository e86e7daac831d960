/**
 * Cuts text the way a model streams it: a few words at a time, each piece keeping its trailing
 * space, so the pieces joined give the text back exactly. Deterministic, so generated scenario
 * files never change unless their source does.
 */
export function chunkText(text: string, wordsPerChunk = 2): string[] {
  if (text === '') return [];
  const size = Math.max(1, Math.floor(wordsPerChunk));
  // Words with the whitespace after them; leading whitespace stays with the first word.
  const words = text.match(/\s*\S+\s*/g) ?? [text];
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += size) chunks.push(words.slice(i, i + size).join(''));
  // Text that is only whitespace has no words: keep it as one piece.
  return chunks.length > 0 ? chunks : [text];
}
