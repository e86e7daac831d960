import type { ChatMessageResponse } from '@toolstream/core';
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { createParser } from 'eventsource-parser';
import { compareState, type ObservedCall } from '../workload.js';
import type { Contender } from './contender.js';

/**
 * Translates the run into the AI SDK's UI message stream, before any timing. Mapping, and why:
 * - assistant `message` text → `text-start` / `text-delta` … / `text-end`, one text part per
 *   contiguous run of text, closed when a tool update arrives, so text and tools keep their
 *   arrival order as they do in toolstream;
 * - a call phase (`call`, `delegation_call`) → `tool-input-start` + `tool-input-available` of a
 *   dynamic tool (names are not known statically), its `tool_call_details` (with `agent` and
 *   `parent_call_id`) as the input: the SDK has no nesting, so the parent link lives there;
 * - each `stream_part` of a result phase → `tool-output-available` with `preliminary: true` and
 *   the text accumulated so far as the output; the final update → `tool-output-available`
 *   without `preliminary`, the complete `tool_response` winning when given. This is how the SDK
 *   itself streams a sub-agent: a tool whose `execute` is an async generator yields the whole
 *   output so far, each yield a preliminary output (its "subagents" guide). Text parts would be
 *   cheaper (its snapshots skip cloning text) but lose which call a text belongs to; plain string
 *   outputs are the cheapest the mapping allows.
 * The accumulated outputs are built by `+=` (V8 ropes sharing their prefixes), so the translated
 * stream holds O(bytes) memory until the SDK flattens them.
 */
export function toUiMessageChunks(bytes: Uint8Array): UIMessageChunk[] {
  const chunks: UIMessageChunk[] = [{ type: 'start', messageId: 'assistant-1' }];
  const streamed = new Map<string, string>();
  let openText: string | null = null;
  let textParts = 0;
  const closeText = () => {
    if (openText !== null) chunks.push({ type: 'text-end', id: openText });
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
          const toolName = call.tool_name;
          chunks.push({ type: 'tool-input-start', toolCallId, toolName, dynamic: true });
          const input = call.tool_call_details;
          chunks.push({ type: 'tool-input-available', toolCallId, toolName, input, dynamic: true });
          continue;
        }
        let output = call.tool_response;
        let preliminary = false;
        if (call.stream_part !== undefined && call.stream_part !== null) {
          const sofar = (streamed.get(toolCallId) ?? '') + call.stream_part;
          streamed.set(toolCallId, sofar);
          preliminary = call.is_complete === false;
          if (preliminary || call.tool_response === '') output = sofar;
        }
        chunks.push({
          type: 'tool-output-available',
          toolCallId,
          output,
          dynamic: true,
          ...(preliminary ? { preliminary: true } : {}),
        });
      }
    },
  });
  parser.feed(`${new TextDecoder().decode(bytes)}\n\n`);
  closeText();
  chunks.push({ type: 'finish' });
  return chunks;
}

/** UI chunks handed over per `pull` of the source stream; heap samples are taken every as many. */
const BATCH = 64;

/**
 * (c) The Vercel AI SDK: `readUIMessageStream` consuming the translated run; only the consumption
 * is timed, not the SSE parsing or the translation. Past its time budget, if `budgetMs` gives one,
 * the source stream ends early and the run reports the share it consumed (its time a lower bound).
 */
export function createAiSdkContender(budgetMs: (bytes: number) => number | null): Contender {
  return {
    key: 'ai-sdk',
    label: '(c) AI SDK readUIMessageStream',
    prepare({ bytes }) {
      const chunks: (UIMessageChunk | undefined)[] = toUiMessageChunks(bytes);
      const budget = budgetMs(bytes.length) ?? Number.POSITIVE_INFINITY;
      const errors: unknown[] = [];
      let last: UIMessage | null = null;
      let consumed: number | undefined;
      return {
        get consumed() {
          return consumed;
        },
        async run(probe) {
          const deadline = performance.now() + budget;
          let index = 0;
          const stream = new ReadableStream<UIMessageChunk>({
            pull(controller) {
              if (performance.now() > deadline) consumed = index / chunks.length;
              const end = consumed === undefined ? Math.min(chunks.length, index + BATCH) : index;
              for (; index < end; index++) {
                controller.enqueue(chunks[index]!);
                chunks[index] = undefined; // consumed: let the SDK's copies be the only ones
              }
              probe?.();
              if (consumed !== undefined || index === chunks.length) controller.close();
            },
          });
          let count = 0;
          for await (const message of readUIMessageStream({ stream, onError: (e) => errors.push(e) })) {
            last = message;
            if (++count % BATCH === 0) probe?.();
          }
        },
        check(expected) {
          const problems = errors.slice(0, 3).map((error) => `error: ${String(error)}`);
          let text = '';
          const calls = new Map<string, ObservedCall>();
          for (const part of last?.parts ?? []) {
            if (part.type === 'text') text += part.text;
            if (part.type !== 'dynamic-tool') continue;
            const done = part.state === 'output-available';
            const parentId = (part.input as { parent_call_id?: string } | undefined)?.parent_call_id ?? null;
            const complete = done && part.preliminary !== true;
            calls.set(part.toolCallId, { output: done ? String(part.output) : '', complete, parentId });
          }
          return [...problems, ...compareState(expected, text, calls)];
        },
      };
    },
  };
}
