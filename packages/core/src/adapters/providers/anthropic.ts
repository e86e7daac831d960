import { protocolError } from '../../errors.js';
import type { AdapterContext, AdapterDefinition, Emit, StreamAdapter } from '../adapter.js';
import { serverError } from '../common-events.js';
import { frameText, isRecord } from '../frame-json.js';
import {
  createCallWriter,
  finish,
  objectFrame,
  providerId,
  reasoning,
  sniffJsonType,
  stringOr,
  text,
  usage,
  wireErrorMessage,
} from './provider-events.js';

/** A content block, by its `index`. */
interface Block {
  kind: 'text' | 'thinking' | 'tool' | 'other';
  /** Tool blocks: the call's id. */
  callId: string;
  /** Tool blocks: `content_block_start.input`, used only when no `input_json_delta` came. */
  input: Record<string, unknown> | null;
  hasJson: boolean;
  closed: boolean;
}

/** Event types of the Messages stream, for `auto`. */
const EVENT_TYPES: ReadonlySet<string> = new Set([
  'message_start',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'message_delta',
  'message_stop',
]);

/**
 * Anthropic Messages: `message_start`, then per content block `content_block_start` /
 * `content_block_delta` / `content_block_stop`, then `message_delta` and `message_stop`; `ping`
 * anywhere; `error` mid-stream. Routed on the JSON `type` and the block `index`. A `tool_use`
 * block is a call (its `input` is always `{}` at the start, so it does not seed the arguments;
 * `input_json_delta` pieces do, and `""` alone means `{}`); `content_block_stop` closes it.
 * Thinking goes to reasoning. Server-run tools (`server_tool_use`, `mcp_tool_use`) are not
 * client calls and are left out. An `error` leaves open blocks open: their calls stay incomplete.
 */
export function createAnthropicAdapter(context: AdapterContext): StreamAdapter {
  const { startCall, argsDelta, endCall, wholeCall } = createCallWriter();
  const blocks = new Map<number, Block>();
  const seen = new Set<string>();
  const messages = new Set<string>();
  let failed = false;

  const newCallId = (id: unknown) => {
    const wire = providerId(id);
    if (wire !== null) seen.add(wire);
    return wire ?? context.generateId('call');
  };

  /** `message_start` may already hold whole blocks (programmatic tool calling). */
  const readPrefilled = (content: unknown, emit: Emit) => {
    if (!Array.isArray(content)) return;
    for (const block of content) {
      if (!isRecord(block)) continue;
      if (block.type === 'text') text(emit, block.text);
      else if (block.type === 'thinking') reasoning(emit, block.thinking);
      else if (block.type === 'tool_use') {
        const wire = providerId(block.id);
        if (wire !== null && seen.has(wire)) continue; // a repeated message_start
        wholeCall(emit, newCallId(block.id), stringOr(block.name), block.input ?? {});
      }
    }
  };

  const blockStart = (index: number, block: Record<string, unknown>, emit: Emit) => {
    const entry: Block = { kind: 'other', callId: '', input: null, hasJson: false, closed: false };
    if (block.type === 'text') {
      entry.kind = 'text';
      text(emit, block.text);
    } else if (block.type === 'thinking') {
      entry.kind = 'thinking';
      reasoning(emit, block.thinking);
    } else if (block.type === 'tool_use') {
      entry.kind = 'tool';
      entry.callId = newCallId(block.id);
      entry.input = isRecord(block.input) && Object.keys(block.input).length > 0 ? block.input : null;
      startCall(emit, entry.callId, stringOr(block.name));
    }
    blocks.set(index, entry);
  };

  const blockDelta = (block: Block, delta: Record<string, unknown>, emit: Emit) => {
    switch (delta.type) {
      case 'text_delta':
        if (block.kind === 'text') text(emit, delta.text);
        return;
      case 'thinking_delta':
        if (block.kind === 'thinking') reasoning(emit, delta.thinking);
        return;
      case 'input_json_delta':
        if (block.kind === 'tool' && !block.closed && typeof delta.partial_json === 'string') {
          if (delta.partial_json !== '') block.hasJson = true;
          argsDelta(emit, block.callId, delta.partial_json);
        }
        return;
      case 'citations_delta': {
        const citation = isRecord(delta.citation) ? delta.citation : null;
        const source = citation?.url ?? citation?.document_title;
        if (typeof source === 'string' && source !== '') emit({ type: 'citations', citations: [{ source }] });
        return;
      }
      default:
        // signature_delta (kept by the provider, not shown) and types added later.
        return;
    }
  };

  const blockStop = (block: Block, emit: Emit) => {
    if (block.closed) return;
    block.closed = true;
    if (block.kind !== 'tool') return;
    // A block that brought its input whole (and no JSON pieces) keeps that input.
    if (!block.hasJson && block.input !== null) {
      endCall(emit, block.callId, { argsText: JSON.stringify(block.input), args: block.input });
      return;
    }
    endCall(emit, block.callId);
  };

  return {
    protocol: 'anthropic',
    push(frame, emit) {
      if (failed) return;
      const json = objectFrame(frame, emit, () => {
        failed = true;
      });
      if (json === null) return;
      const type = typeof json.type === 'string' ? json.type : frame.event;
      const index = typeof json.index === 'number' ? json.index : -1;
      switch (type) {
        case 'message_start': {
          const message = isRecord(json.message) ? json.message : {};
          // Some proxies repeat message_start: read a message once.
          const id = providerId(message.id);
          if (id !== null && messages.has(id)) return;
          if (id !== null) messages.add(id);
          readUsage(message.usage, emit);
          readPrefilled(message.content, emit);
          return;
        }
        case 'content_block_start':
          if (isRecord(json.content_block)) blockStart(index, json.content_block, emit);
          return;
        case 'content_block_delta':
        case 'content_block_stop': {
          const block = blocks.get(index);
          if (block === undefined) {
            emit({
              type: 'protocol-error',
              error: protocolError(`${type} for unknown content block ${index}`, frameText(frame)),
            });
            return;
          }
          if (type === 'content_block_stop') blockStop(block, emit);
          else if (isRecord(json.delta)) blockDelta(block, json.delta, emit);
          return;
        }
        case 'message_delta': {
          // The stop reason and the output tokens so far (a total, not an increment).
          if (isRecord(json.delta)) finish(emit, json.delta.stop_reason);
          readUsage(json.usage, emit);
          return;
        }
        case 'message_stop':
          emit({ type: 'done' });
          return;
        case 'error':
          failed = true;
          emit({ type: 'server-error', error: serverError(wireErrorMessage(json.error ?? json)) });
          return;
        default:
          // ping, and event types added later.
          return;
      }
    },
    end() {},
  };
}

/** Anthropic's `usage` object: input and output tokens, and those read from the prompt cache. */
function readUsage(value: unknown, emit: Emit): void {
  if (!isRecord(value)) return;
  usage(emit, {
    inputTokens: value.input_tokens,
    outputTokens: value.output_tokens,
    cachedInputTokens: value.cache_read_input_tokens,
  });
}

/** The Anthropic Messages adapter's {@link AdapterDefinition}. */
export const anthropicProtocol: AdapterDefinition = {
  name: 'anthropic',
  sniff: sniffJsonType(EVENT_TYPES),
  create: (context) => createAnthropicAdapter(context),
};
