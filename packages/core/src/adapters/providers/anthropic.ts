import { protocolError } from '../../errors.js';
import type { Citation } from '../../protocol/events.js';
import type { AdapterContext, AdapterDefinition, Emit, StreamAdapter } from '../adapter.js';
import { serverError, wireErrorMessage } from '../common-events.js';
import { frameText, isRecord } from '../frame-json.js';
import {
  citation,
  cite,
  createCallWriter,
  createTextCounter,
  finish,
  objectFrame,
  providerId,
  reasoning,
  resultText,
  sniffJsonType,
  stringOr,
  sumTokens,
  text,
  usage,
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
  /** Text blocks: where the block starts in the answer, and the sources it cites. */
  start: number;
  citations: Citation[];
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

/** Blocks of a tool the provider runs (web search, web fetch, code execution, tool search, MCP). */
const PROVIDER_TOOL_BLOCKS: ReadonlySet<string> = new Set(['server_tool_use', 'mcp_tool_use']);

/**
 * Anthropic Messages: `message_start`, then per content block `content_block_start` /
 * `content_block_delta` / `content_block_stop`, then `message_delta` and `message_stop`; `ping`
 * anywhere; `error` mid-stream. Routed on the JSON `type` and the block `index`. A `tool_use`
 * block is a call (its `input` is always `{}` at the start, so it does not seed the arguments;
 * `input_json_delta` pieces do, and `""` alone means `{}`); `content_block_stop` closes it.
 * Thinking goes to reasoning. Tools the provider runs (`server_tool_use`, `mcp_tool_use`) are
 * calls of kind `provider`; their results (`web_search_tool_result`, `code_execution_tool_result`,
 * `mcp_tool_result`… any `*_tool_result` block) are their result phase. Citations of a text
 * block apply to that block's text. An `error` leaves open blocks open: their calls stay
 * incomplete.
 */
export function createAnthropicAdapter(context: AdapterContext): StreamAdapter {
  const { startCall, argsDelta, endCall, wholeCall, result } = createCallWriter();
  const blocks = new Map<number, Block>();
  const seen = new Set<string>();
  const messages = new Set<string>();
  const answer = createTextCounter();
  /** A client `tool_use` block was read: a plain stop means the model wants tools run. */
  let hasCalls = false;
  let failed = false;

  const newCallId = (id: unknown) => {
    const wire = providerId(id);
    if (wire !== null) seen.add(wire);
    return wire ?? context.generateId('call');
  };

  /** A provider tool's result block: the result phase of its call (created if not seen here). */
  const toolResult = (block: Record<string, unknown>, emit: Emit) => {
    const callId = providerId(block.tool_use_id);
    if (callId === null) {
      emit({
        type: 'protocol-error',
        error: protocolError(`${String(block.type)} block without a tool_use_id`),
      });
      return;
    }
    const content = block.content;
    // `*_tool_result_error` content, or an MCP result that says `is_error`.
    const failure =
      isRecord(content) && typeof content.type === 'string' && content.type.endsWith('_error')
        ? content
        : null;
    let error: string | null = null;
    if (failure !== null) error = stringOr(failure.error_message) || stringOr(failure.error_code) || 'error';
    else if (block.is_error === true) error = resultText(content) || 'error';
    // A result for a call of an earlier response is named after its block type.
    const toolName = seen.has(callId) ? undefined : String(block.type).replace(/_tool_result$/, '');
    result(emit, callId, error === null ? resultText(content) : '', {
      error,
      ...(toolName === undefined ? {} : { toolName }),
    });
  };

  /** A whole text block's citations (a prefilled message, or a block that starts with them). */
  const blockCitations = (list: unknown, start: number, end: number): (Citation | null)[] =>
    Array.isArray(list) ? list.map((entry) => sourceOf(entry, start, end)) : [];

  /** `message_start` may already hold whole blocks (programmatic tool calling). */
  const readPrefilled = (content: unknown, emit: Emit) => {
    if (!Array.isArray(content)) return;
    for (const block of content) {
      if (!isRecord(block)) continue;
      const type = stringOr(block.type);
      if (type === 'text') {
        const start = answer.length;
        text(emit, block.text);
        cite(emit, blockCitations(block.citations, start, answer.length));
      } else if (type === 'thinking') reasoning(emit, block.thinking);
      else if (type === 'tool_use' || PROVIDER_TOOL_BLOCKS.has(type)) {
        const wire = providerId(block.id);
        if (wire !== null && seen.has(wire)) continue; // a repeated message_start
        const provider = type !== 'tool_use';
        if (!provider) hasCalls = true;
        wholeCall(
          emit,
          newCallId(block.id),
          stringOr(block.name),
          block.input ?? {},
          serverDetails(block),
          provider ? 'provider' : 'tool',
        );
      } else if (type.endsWith('_tool_result')) toolResult(block, emit);
    }
  };

  const blockStart = (index: number, block: Record<string, unknown>, emit: Emit) => {
    const entry: Block = {
      kind: 'other',
      callId: '',
      input: null,
      hasJson: false,
      closed: false,
      start: answer.length,
      citations: [],
    };
    const type = stringOr(block.type);
    if (type === 'text') {
      entry.kind = 'text';
      text(emit, block.text);
      for (const found of blockCitations(block.citations, 0, 0))
        if (found !== null) entry.citations.push(found);
    } else if (type === 'thinking') {
      entry.kind = 'thinking';
      reasoning(emit, block.thinking);
    } else if (type === 'tool_use' || PROVIDER_TOOL_BLOCKS.has(type)) {
      entry.kind = 'tool';
      entry.callId = newCallId(block.id);
      entry.input = isRecord(block.input) && Object.keys(block.input).length > 0 ? block.input : null;
      const provider = type !== 'tool_use';
      if (!provider) hasCalls = true;
      startCall(
        emit,
        entry.callId,
        stringOr(block.name),
        serverDetails(block),
        provider ? 'provider' : 'tool',
      );
    } else if (type.endsWith('_tool_result')) {
      toolResult(block, emit);
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
        // Citations come before the text they support: they are sent when the block ends,
        // with the block's place in the answer.
        const found = sourceOf(delta.citation, 0, 0);
        if (found !== null) block.citations.push(found);
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
    if (block.kind === 'text' && block.citations.length > 0) {
      const span = { start: block.start, end: answer.length };
      emit({ type: 'citations', citations: block.citations.map((entry) => ({ ...entry, span })) });
      return;
    }
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
    push(frame, output) {
      if (failed) return;
      const emit = answer.wrap(output);
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
          // Null while streaming; set when the message arrives whole (programmatic tool calling).
          finish(emit, message.stop_reason, hasCalls);
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
          // The stop reason and the token counts so far (totals, not increments).
          if (isRecord(json.delta)) finish(emit, json.delta.stop_reason, hasCalls);
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

/** What a provider tool block says beyond its name: the MCP server, or who called it. */
function serverDetails(block: Record<string, unknown>): Record<string, unknown> | null {
  const details: Record<string, unknown> = {};
  if (typeof block.server_name === 'string') details.server_name = block.server_name;
  // Programmatic tool calling: a client tool called from the provider's code execution.
  const caller = isRecord(block.caller) ? block.caller : null;
  if (caller !== null && typeof caller.tool_id === 'string') details.caller_tool_id = caller.tool_id;
  return Object.keys(details).length > 0 ? details : null;
}

/**
 * A citation of Anthropic's: a web search result (`url`), a search result block (`source`), or a
 * place in a document (`document_title`, else the file or the document's number). The cited text
 * is the quote.
 */
function sourceOf(value: unknown, start: number, end: number): Citation | null {
  if (!isRecord(value)) return null;
  const index = typeof value.document_index === 'number' ? `document ${value.document_index + 1}` : null;
  const source = [value.url, value.source, value.document_title, value.file_id, index].find(
    (candidate): candidate is string => typeof candidate === 'string' && candidate !== '',
  );
  const title = value.title ?? value.document_title;
  return citation(source, title, value.cited_text, start === end ? undefined : start, end);
}

/**
 * Anthropic's `usage`: input tokens are `input_tokens` plus those written to and read from the
 * prompt cache (the API counts them apart); output tokens include thinking.
 */
function readUsage(value: unknown, emit: Emit): void {
  if (!isRecord(value)) return;
  const details = isRecord(value.output_tokens_details) ? value.output_tokens_details : {};
  usage(emit, {
    inputTokens: sumTokens(
      value.input_tokens,
      value.cache_creation_input_tokens,
      value.cache_read_input_tokens,
    ),
    outputTokens: value.output_tokens,
    cachedInputTokens: value.cache_read_input_tokens,
    reasoningTokens: details.thinking_tokens,
  });
}

/** The Anthropic Messages adapter's {@link AdapterDefinition}. */
export const anthropicProtocol: AdapterDefinition = {
  name: 'anthropic',
  sniff: sniffJsonType(EVENT_TYPES),
  create: (context) => createAnthropicAdapter(context),
};
