import { createRandom } from '../../prng.js';

/**
 * A new answer in the primary protocol, as `chunks` SSE payloads: text in pieces of a few words,
 * with two tool calls whose results stream in parts between them.
 */
export function streamChunks(chunks: number, seed = 7): string[] {
  const random = createRandom(seed);
  const words = 'the agent reads the ticket and checks the release notes before it answers'.split(' ');
  const frame = (message: string, calls: unknown[] = []) =>
    JSON.stringify({ message, citations: [], tool_calls: calls });
  const call = (id: string, eventType: 'call' | 'result', part: string | null, complete: boolean) => ({
    call_id: id,
    event_type: eventType,
    tool_name: id === 'stream-a' ? 'search_docs' : 'read_ticket',
    tool_response: complete && eventType === 'result' ? '{"results":[],"total":0}' : '',
    tool_call_details: { summary: 'release notes' },
    stream_part: part,
    is_complete: complete,
  });
  const out: string[] = [];
  const third = Math.floor(chunks / 3);
  for (let i = 0; i < chunks; i++) {
    if (i === third) out.push(frame('', [call('stream-a', 'call', null, true)]));
    else if (i === 2 * third) out.push(frame('', [call('stream-b', 'call', null, true)]));
    else if (i > third && i < 2 * third && i % 2 === 0)
      out.push(frame('', [call('stream-a', 'result', `${random.pick(words)} `, i === 2 * third - 2)]));
    else if (i > 2 * third && i % 2 === 0)
      out.push(frame('', [call('stream-b', 'result', `${random.pick(words)} `, i >= chunks - 2)]));
    else out.push(frame(`${random.pick(words)} ${random.pick(words)} `));
  }
  return out;
}
