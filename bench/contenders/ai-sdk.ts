import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { createParser } from 'eventsource-parser';
import type { ChatMessageResponse } from '../../packages/core/src/index.js';
import { compareState, type ObservedCall } from '../check.js';
import type { Contender } from '../contender.js';

/**
 * Translates the run into the AI SDK's UI message stream, before any timing.
 *
 * Mapping, and why:
 * - assistant `message` text → `text-start` / `text-delta` … / `text-end`, one text part per
 *   contiguous run of text, closed when a tool update arrives, so text and tools keep their
 *   arrival order as they do in the core;
 * - a call phase (`call`, `delegation_call`) → `tool-input-start` + `tool-input-available` of a
 *   dynamic tool (names are not known statically), its `tool_call_details` (with `agent` and
 *   `parent_call_id`) as the input: the SDK has no nesting, so the parent link lives there;
 * - each `stream_part` of a result phase → `tool-output-available` with `preliminary: true` and
 *   the text accumulated so far as the output, and the final update → `tool-output-available`
 *   without `preliminary`, the complete `tool_response` winning when given. This is how the AI
 *   SDK itself streams a sub-agent: a tool whose `execute` is an async generator yields the whole
 *   output so far, and each yield becomes a preliminary output (its "subagents" guide yields
 *   every `readUIMessageStream` snapshot). Text parts would be cheaper (the SDK's snapshots skip
 *   cloning text) but lose which call a text belongs to. Outputs are plain strings rather than
 *   nested UI messages: the cheapest output the mapping allows.
 * The accumulated outputs are built by `+=`, i.e. V8 rope strings that share their prefixes, so
 * the translated stream holds O(bytes) memory until the SDK flattens them.
 */
export function toUiMessageChunks(bytes: Uint8Array): UIMessageChunk[] {
  const chunks: UIMessageChunk[] = [{ type: 'start', messageId: 'assistant-1' }];
  const streamed = new Map<string, string>();
  let openText: string | null = null;
  let textParts = 0;
  const closeText = () => {
    if (openText === null) return;
    chunks.push({ type: 'text-end', id: openText });
    openText = null;
  };
  const parser = createParser({
    onEvent(event) {
      const response = JSON.parse(event.data) as ChatMessageResponse;
      if (response.message) {
        if (openText === null) {
          openText = `text-${++textParts}`;
          chunks.push({ type: 'text-start', id: openText });
        }
        chunks.push({ type: 'text-delta', id: openText, delta: response.message });
      }
      for (const call of response.tool_calls) {
        closeText();
        const toolCallId = call.call_id;
        if (call.event_type === 'call' || call.event_type === 'delegation_call') {
          chunks.push({ type: 'tool-input-start', toolCallId, toolName: call.tool_name, dynamic: true });
          chunks.push({
            type: 'tool-input-available',
            toolCallId,
            toolName: call.tool_name,
            input: call.tool_call_details,
            dynamic: true,
          });
          continue;
        }
        const part = call.stream_part;
        if (part !== undefined && part !== null) {
          const output = (streamed.get(toolCallId) ?? '') + part;
          streamed.set(toolCallId, output);
          const final = call.is_complete !== false;
          chunks.push({
            type: 'tool-output-available',
            toolCallId,
            output: final && call.tool_response !== '' ? call.tool_response : output,
            dynamic: true,
            ...(final ? {} : { preliminary: true }),
          });
        } else {
          chunks.push({
            type: 'tool-output-available',
            toolCallId,
            output: call.tool_response,
            dynamic: true,
          });
        }
      }
    },
  });
  parser.feed(new TextDecoder().decode(bytes));
  parser.feed('\n\n');
  closeText();
  chunks.push({ type: 'finish' });
  return chunks;
}

/** UI chunks handed over per `pull` of the source stream. */
const BATCH = 64;

/**
 * (c) The Vercel AI SDK: `readUIMessageStream` consuming the translated run (see
 * {@link toUiMessageChunks}); only the consumption is timed, not the SSE parsing or the
 * translation. `budgetMs` stops a run that takes too long: the source stream then ends early
 * and the run reports the share it consumed (its time is a lower bound).
 */
export function createAiSdkContender(budgetMs: (bytes: number) => number | null): Contender {
  return {
    key: 'ai-sdk',
    label: '(c) AI SDK readUIMessageStream',
    prepare({ workload }) {
      const chunks: (UIMessageChunk | undefined)[] = toUiMessageChunks(workload.bytes);
      const budget = budgetMs(workload.bytes.length);
      const errors: unknown[] = [];
      let last: UIMessage | null = null;
      let truncated: { consumed: number; reason: string } | undefined;
      return {
        get truncated() {
          return truncated;
        },
        async run(probe) {
          const deadline = budget === null ? Number.POSITIVE_INFINITY : performance.now() + budget;
          let index = 0;
          const stream = new ReadableStream<UIMessageChunk>({
            pull(controller) {
              if (performance.now() > deadline) {
                truncated = { consumed: index / chunks.length, reason: `time budget of ${budget} ms` };
                controller.close();
                return;
              }
              const end = Math.min(chunks.length, index + BATCH);
              for (; index < end; index++) {
                controller.enqueue(chunks[index]!);
                chunks[index] = undefined; // consumed: let the SDK's copies be the only ones
              }
              probe?.();
              if (index === chunks.length) controller.close();
            },
          });
          let count = 0;
          for await (const message of readUIMessageStream<UIMessage>({
            stream,
            onError: (error) => errors.push(error),
          })) {
            last = message;
            if (++count % BATCH === 0) probe?.();
          }
        },
        check(expected) {
          if (last === null) return ['no message'];
          const problems = errors.slice(0, 3).map((error) => `error: ${String(error)}`);
          let text = '';
          const calls = new Map<string, ObservedCall>();
          for (const part of last.parts) {
            if (part.type === 'text') text += part.text;
            if (part.type !== 'dynamic-tool') continue;
            const input = part.input as { parent_call_id?: string } | undefined;
            calls.set(part.toolCallId, {
              output: part.state === 'output-available' ? String(part.output) : '',
              complete: part.state === 'output-available' && part.preliminary !== true,
              parentId: input?.parent_call_id ?? null,
            });
          }
          return [...problems, ...compareState(expected, text, calls)];
        },
      };
    },
  };
}
