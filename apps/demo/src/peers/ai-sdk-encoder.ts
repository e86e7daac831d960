import type { StreamEvent } from '@toolstream/core/adapters';

/** A UI message chunk, or the stream's last line. */
type Chunk = Record<string, unknown> | '[DONE]';

/**
 * Writes normalized events as the AI SDK's UI message stream (what `toUIMessageStreamResponse()`
 * sends), for the demo's in-page AI SDK backend. The AI SDK has no sub-agents: a delegation is a
 * tool whose output streams (as preliminary outputs), and the calls inside it are listed beside it.
 */
export function createAiSdkEncoder() {
  let started = false;
  let open: { kind: 'text' | 'reasoning'; id: string } | null = null;
  let blocks = 0;
  let finishReason = 'stop';
  const results = new Map<string, string>();
  const names = new Map<string, string>();
  const sent = new WeakSet<object>();

  const close = (out: Chunk[]) => {
    if (open === null) return;
    out.push({ type: `${open.kind}-end`, id: open.id });
    open = null;
  };
  const block = (out: Chunk[], kind: 'text' | 'reasoning', delta: string) => {
    if (open?.kind !== kind) {
      close(out);
      open = { kind, id: `${kind}-${++blocks}` };
      out.push({ type: `${kind}-start`, id: open.id });
    }
    out.push({ type: `${kind}-delta`, id: open.id, delta });
  };

  return {
    /** The chunks an event becomes. */
    encode(event: StreamEvent): Chunk[] {
      const out: Chunk[] = [];
      if (!started) {
        started = true;
        out.push({ type: 'start' }, { type: 'start-step' });
      }
      switch (event.type) {
        case 'text-delta':
          block(out, 'text', event.delta);
          break;
        case 'reasoning-delta':
          block(out, 'reasoning', event.delta);
          break;
        case 'tool-start':
          close(out);
          if (event.phase === 'call') {
            names.set(event.callId, event.toolName);
            out.push({
              type: 'tool-input-start',
              toolCallId: event.callId,
              toolName: event.toolName,
              ...(event.kind === 'provider' ? { providerExecuted: true } : {}),
            });
          } else if (!names.has(event.callId)) {
            names.set(event.callId, event.toolName);
            out.push({
              type: 'tool-input-available',
              toolCallId: event.callId,
              toolName: event.toolName,
              input: {},
            });
          }
          break;
        case 'tool-args-delta':
          if (event.delta !== '')
            out.push({ type: 'tool-input-delta', toolCallId: event.callId, inputTextDelta: event.delta });
          break;
        case 'tool-delta':
          if (event.phase === 'result') {
            const text = (results.get(event.callId) ?? '') + event.delta;
            results.set(event.callId, text);
            out.push({
              type: 'tool-output-available',
              toolCallId: event.callId,
              output: text,
              preliminary: true,
            });
          }
          break;
        case 'tool-end':
          close(out);
          if (event.phase === 'call') {
            out.push({
              type: 'tool-input-available',
              toolCallId: event.callId,
              toolName: names.get(event.callId) ?? '',
              input: event.args ?? event.details ?? {},
            });
          } else if (event.error !== null) {
            out.push({ type: 'tool-output-error', toolCallId: event.callId, errorText: event.error });
          } else {
            const output = event.output ?? results.get(event.callId) ?? '';
            out.push({ type: 'tool-output-available', toolCallId: event.callId, output });
          }
          break;
        case 'citations':
          for (const citation of event.citations) {
            out.push(
              /^https?:\/\//.test(citation.source)
                ? {
                    type: 'source-url',
                    sourceId: citation.source,
                    url: citation.source,
                    title: citation.title,
                  }
                : {
                    type: 'source-document',
                    sourceId: citation.source,
                    mediaType: 'text/plain',
                    title: citation.title ?? citation.source,
                  },
            );
          }
          break;
        case 'finish':
          finishReason = event.reason === 'refusal' || event.reason === 'pause' ? 'other' : event.reason;
          break;
        case 'data':
          // The event lists every part so far: the ones not sent yet (new, or replacing one) go out.
          for (const part of event.parts) {
            if (sent.has(part)) continue;
            sent.add(part);
            out.push({
              type: `data-${part.name}`,
              ...(part.id === null ? {} : { id: part.id }),
              data: part.data,
            });
          }
          break;
        case 'server-error':
          close(out);
          out.push({ type: 'error', errorText: event.error.message });
          break;
        case 'done':
          close(out);
          out.push({ type: 'finish-step' }, { type: 'finish', finishReason }, '[DONE]');
          break;
        default:
          break;
      }
      return out;
    },
  };
}

/** One chunk as an SSE event (`data: <JSON>`, or `data: [DONE]`). */
export function uiChunkLine(chunk: Chunk | string): string {
  return `data: ${typeof chunk === 'string' ? chunk : JSON.stringify(chunk)}\n\n`;
}
