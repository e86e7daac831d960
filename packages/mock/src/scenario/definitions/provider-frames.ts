/** One event of a provider's stream as the wire carries it, without timing. */
export interface CapturedFrame {
  event?: string;
  id?: string;
  data: string;
}

/** How a provider stream file is framed: SSE events, or one JSON object a line (Ollama's native API). */
export type ProviderWire = 'sse' | 'ndjson';

/**
 * Cuts a provider's raw stream (a fixture file's bytes) into the frames a client reads from
 * it. SSE is parsed the WHATWG way: lines end in CRLF, CR or LF, `:` lines are comments, one
 * space after the colon is dropped, `data:` lines join with `\n`, a blank line dispatches, and
 * an event without data is skipped; a last event missing its blank line is still kept, as the
 * core's decoder does at a clean end of stream. An NDJSON line becomes one frame's `data`, so
 * the mock can serve it as an SSE `data:` line. Used when the scenario files are generated.
 */
export function captureFrames(stream: Uint8Array | string, wire: ProviderWire): CapturedFrame[] {
  const text = typeof stream === 'string' ? stream.replace(/^\uFEFF/, '') : new TextDecoder().decode(stream);
  return wire === 'ndjson' ? ndjsonFrames(text) : sseFrames(text);
}

function ndjsonFrames(text: string): CapturedFrame[] {
  return text
    .split('\n')
    .map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line))
    .filter((line) => line.trim() !== '')
    .map((data) => ({ data }));
}

function sseFrames(text: string): CapturedFrame[] {
  const frames: CapturedFrame[] = [];
  let data: string[] = [];
  let event: string | undefined;
  let id: string | undefined;
  const dispatch = () => {
    if (data.length > 0) {
      const frame: CapturedFrame = { data: data.join('\n') };
      if (event !== undefined && event !== '') frame.event = event;
      if (id !== undefined) frame.id = id;
      frames.push(frame);
    }
    data = [];
    event = undefined;
    id = undefined;
  };
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === '') {
      dispatch();
      continue;
    }
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
    // `retry:` and unknown fields carry nothing a scenario frame keeps.
  }
  dispatch();
  return frames;
}
