/**
 * Text that markdown would render as one plain paragraph: words, digits, spaces and everyday
 * punctuation, on one line (trailing line breaks aside), starting with a letter or digit that
 * does not open a list. Streamed tool output is mostly this — a few words at a time — and the
 * block being streamed is re-rendered every frame: recognising it with one regular expression
 * instead of running the markdown parser is most of a frame's markdown work saved.
 *
 * Deliberately narrow: anything that could be syntax (`*_~\`[]!<>&#|\\`, `:` of a URL, `www.`
 * of an autolink, a list marker, indentation, inner line breaks) goes to the parser. The
 * markdown tests check that both give the same DOM for every text this accepts.
 */
const PLAIN = /^[\p{L}\p{N}][\p{L}\p{N}\p{M} ,.;'"?()%/+=\-\u2013\u2014\u2026\u2018\u2019\u201c\u201d]*\n*$/u;
/** `1.` or `1)` at the start opens an ordered list; `www.` starts an autolink. */
const NOT_PLAIN = /^\p{N}+[.)]|www\./iu;

/** The paragraph's text when `block` is a plain paragraph, else `null`. */
export function plainParagraph(block: string): string | null {
  if (!PLAIN.test(block) || NOT_PLAIN.test(block)) return null;
  return block.trimEnd();
}
