import { protocolError } from '../../errors.js';
import type { Citation } from '../../protocol/events.js';
import type { SseFrame } from '../../protocol/wire.js';
import type { AdapterContext, AdapterDefinition, Emit, StreamAdapter } from '../adapter.js';
import { serverError, wireErrorMessage } from '../common-events.js';
import { frameJson, frameText, isRecord } from '../frame-json.js';
import { awsEventStreamFraming, DAMAGED_MESSAGE } from './aws-event-stream.js';
import {
  citation,
  createCallWriter,
  createTextCounter,
  finish,
  providerId,
  reasoning,
  streamControl,
  stringOr,
  sumTokens,
  text,
  usage,
} from './provider-events.js';

/** The events of a ConverseStream response (`:event-type`). */
const EVENT_TYPES: ReadonlySet<string> = new Set([
  'messageStart',
  'contentBlockStart',
  'contentBlockDelta',
  'contentBlockStop',
  'messageStop',
  'metadata',
]);

/** Bedrock's stream exceptions are named `…Exception` (`throttlingException`, `validationException`…). */
const isException = (name: unknown): name is string =>
  typeof name === 'string' && /^[a-z]\w*Exception$/.test(name);

/** A content block, by its `contentBlockIndex`. */
interface Block {
  kind: 'text' | 'tool' | 'result';
  /** Tool and result blocks: the call. */
  callId: string;
  /** Result blocks: the result failed (`status: "error"`). */
  failed: boolean;
  /** Text blocks: where the block starts in the answer, and the sources it cites. */
  start: number;
  citations: Citation[];
  closed: boolean;
}

/**
 * Amazon Bedrock ConverseStream. Over HTTP it comes in AWS event-stream binary framing (see
 * {@link awsEventStreamFraming}), one message per event, the event's name in its `:event-type`
 * header: `messageStart`, then per content block `contentBlockStart` (tool blocks only),
 * `contentBlockDelta` and `contentBlockStop`, then `messageStop` (the stop reason) and
 * `metadata` (usage). Blocks are tracked by `contentBlockIndex`: `delta.text` is text (a text
 * block has no start event), `delta.reasoningContent.text` reasoning, `delta.toolUse.input`
 * argument pieces of the block's `toolUse` call, closed by `contentBlockStop`. A `toolUse` of
 * `type: "server_tool_use"` is a tool Bedrock runs (kind `provider`), and a `toolResult` block its
 * result. `delta.citation` cites a source for its text block. Exceptions
 * (`throttlingException`…) are fatal. Also read: the same events as JSON objects of one key
 * (`{"contentBlockDelta": {…}}`, as an SDK's stream yields them) in SSE or NDJSON.
 */
export function createBedrockAdapter(context: AdapterContext): StreamAdapter {
  const { startCall, argsDelta, endCall } = createCallWriter();
  const blocks = new Map<number, Block>();
  const answer = createTextCounter();
  let hasCalls = false;
  let stopped = false;
  let failed = false;

  const blockAt = (index: number, kind: Block['kind'], callId = ''): Block => {
    let block = blocks.get(index);
    if (block === undefined) {
      block = { kind, callId, failed: false, start: answer.length, citations: [], closed: false };
      blocks.set(index, block);
    }
    return block;
  };

  const blockStart = (index: number, start: Record<string, unknown>, emit: Emit) => {
    const toolUse = isRecord(start.toolUse) ? start.toolUse : null;
    if (toolUse !== null) {
      const callId = providerId(toolUse.toolUseId) ?? context.generateId('call');
      const provider = toolUse.type === 'server_tool_use';
      if (!provider) hasCalls = true;
      blockAt(index, 'tool', callId);
      startCall(emit, callId, stringOr(toolUse.name), null, provider ? 'provider' : 'tool');
      return;
    }
    const toolResult = isRecord(start.toolResult) ? start.toolResult : null;
    if (toolResult !== null) {
      const callId = providerId(toolResult.toolUseId) ?? context.generateId('call');
      const block = blockAt(index, 'result', callId);
      block.failed = toolResult.status === 'error';
      emit({
        type: 'tool-start',
        callId,
        phase: 'result',
        toolName: '',
        kind: 'provider',
        parentCallId: null,
        agent: null,
        eventType: 'result',
        details: null,
      });
    }
  };

  const blockDelta = (index: number, delta: Record<string, unknown>, emit: Emit) => {
    if (typeof delta.text === 'string') {
      blockAt(index, 'text');
      text(emit, delta.text);
      return;
    }
    const thinking = isRecord(delta.reasoningContent) ? delta.reasoningContent : null;
    if (thinking !== null) {
      // `signature` and `redactedContent` are kept by the provider, not shown.
      reasoning(emit, thinking.text);
      return;
    }
    const block = blocks.get(index);
    if (isRecord(delta.toolUse)) {
      if (block?.kind !== 'tool' || block.closed) {
        unknownBlock(index, emit);
        return;
      }
      argsDelta(emit, block.callId, stringOr(delta.toolUse.input));
      return;
    }
    if (Array.isArray(delta.toolResult)) {
      if (block?.kind !== 'result' || block.closed) {
        unknownBlock(index, emit);
        return;
      }
      for (const piece of delta.toolResult) {
        if (!isRecord(piece)) continue;
        const part =
          typeof piece.text === 'string'
            ? piece.text
            : piece.json === undefined
              ? ''
              : JSON.stringify(piece.json);
        if (part !== '')
          emit({ type: 'tool-delta', callId: block.callId, phase: 'result', delta: part, details: null });
      }
      return;
    }
    if (isRecord(delta.citation)) {
      const found = sourceOf(delta.citation);
      if (found !== null) blockAt(index, 'text').citations.push(found);
    }
  };

  const blockStop = (index: number, emit: Emit) => {
    const block = blocks.get(index);
    if (block === undefined || block.closed) return;
    block.closed = true;
    if (block.kind === 'tool') endCall(emit, block.callId);
    else if (block.kind === 'result') {
      emit({
        type: 'tool-end',
        callId: block.callId,
        phase: 'result',
        output: null,
        details: null,
        error: block.failed ? 'error' : null,
      });
    } else if (block.citations.length > 0) {
      const span = { start: block.start, end: answer.length };
      emit({ type: 'citations', citations: block.citations.map((entry) => ({ ...entry, span })) });
    }
  };

  const unknownBlock = (index: number, emit: Emit) => {
    emit({
      type: 'protocol-error',
      error: protocolError(`contentBlockDelta for content block ${index}, which is not open`),
    });
  };

  return {
    protocol: 'bedrock',
    push(frame, output) {
      if (failed) return;
      const emit = answer.wrap(output);
      const control = streamControl(frame, emit);
      if (control !== null) {
        failed = control === 'error';
        return;
      }
      if (frame.event === DAMAGED_MESSAGE) {
        emit({
          type: 'protocol-error',
          error: protocolError(`the event stream is damaged: ${frame.data}`),
        });
        return;
      }
      const event = bedrockEvent(frame);
      if (event === null) {
        emit({
          type: 'protocol-error',
          error: protocolError('not a ConverseStream event', frameText(frame)),
        });
        return;
      }
      const { name, payload } = event;
      if (isException(name)) {
        failed = true;
        const message = typeof payload.message === 'string' ? payload.message : '';
        emit({ type: 'server-error', error: serverError(wireErrorMessage({ message, code: name })) });
        return;
      }
      const index = typeof payload.contentBlockIndex === 'number' ? payload.contentBlockIndex : 0;
      switch (name) {
        case 'contentBlockStart':
          if (isRecord(payload.start)) blockStart(index, payload.start, emit);
          return;
        case 'contentBlockDelta':
          if (isRecord(payload.delta)) blockDelta(index, payload.delta, emit);
          return;
        case 'contentBlockStop':
          blockStop(index, emit);
          return;
        case 'messageStop':
          stopped = true;
          finish(emit, payload.stopReason, hasCalls);
          return;
        case 'metadata': {
          const counts = isRecord(payload.usage) ? payload.usage : null;
          if (counts === null) return;
          // Bedrock counts the input read from and written to the prompt cache apart.
          usage(emit, {
            inputTokens: sumTokens(
              counts.inputTokens,
              counts.cacheReadInputTokens,
              counts.cacheWriteInputTokens,
            ),
            outputTokens: counts.outputTokens,
            totalTokens: counts.totalTokens,
            cachedInputTokens: counts.cacheReadInputTokens,
          });
          return;
        }
        default:
          // messageStart, and events added later.
          return;
      }
    },
    end(emit) {
      // The stream has no end event of its own: `messageStop` (then `metadata`) and a clean end.
      if (!failed && stopped) emit({ type: 'done' });
    },
  };
}

/** The event a frame holds: named by the frame (binary framing) or by the one key of its JSON. */
function bedrockEvent(frame: SseFrame): { name: string; payload: Record<string, unknown> } | null {
  const json = frameJson(frame);
  const name = frame.event;
  if (name !== undefined && (EVENT_TYPES.has(name) || isException(name))) {
    return { name, payload: isRecord(json) ? json : {} };
  }
  const key = isRecord(json) ? singleKey(json) : null;
  if (key === null || !(EVENT_TYPES.has(key) || isException(key))) return null;
  const payload = (json as Record<string, unknown>)[key];
  return { name: key, payload: isRecord(payload) ? payload : {} };
}

function singleKey(json: Record<string, unknown>): string | null {
  const keys = Object.keys(json);
  return keys.length === 1 ? keys[0]! : null;
}

/** A `delta.citation`: a web page (`location.web.url`) or the cited document's title. */
function sourceOf(value: Record<string, unknown>): Citation | null {
  const location = isRecord(value.location) ? value.location : {};
  const web = isRecord(location.web) ? location.web : {};
  const quote = Array.isArray(value.sourceContent)
    ? value.sourceContent.map((part) => (isRecord(part) ? stringOr(part.text) : '')).join('')
    : undefined;
  return citation(web.url ?? value.title ?? value.source, value.title, quote);
}

/** The Bedrock ConverseStream adapter's {@link AdapterDefinition}, with its binary framing. */
export const bedrockProtocol: AdapterDefinition = {
  name: 'bedrock',
  sniff(frame, json) {
    if (frame.event !== undefined && (EVENT_TYPES.has(frame.event) || isException(frame.event))) return true;
    // An SDK's events as JSON: `{"messageStart": {…}}` (`metadata` alone is too common a key).
    const key = isRecord(json) ? singleKey(json) : null;
    return key !== null && key !== 'metadata' && (EVENT_TYPES.has(key) || isException(key));
  },
  create: (context) => createBedrockAdapter(context),
  framing: awsEventStreamFraming,
};
