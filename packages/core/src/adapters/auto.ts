import { protocolError } from '../errors.js';
import type { SseFrame } from '../protocol/wire.js';
import type { AdapterContext, AdapterDefinition, Emit, StreamAdapter } from './adapter.js';
import { chatMessageResponseProtocol } from './chat-message-response.js';
import { handleLifecycleFrame } from './common-events.js';
import { frameJson, frameText } from './frame-json.js';
import { typedEventsProtocol } from './typed-events.js';

/**
 * The formats `auto` recognises unless told otherwise: toolstream's own two. Provider formats
 * live in `@toolstream/core/providers` (`allProtocols` adds them), so an app that reads only its
 * own backend's stream bundles none of them.
 */
export const defaultProtocols: readonly AdapterDefinition[] = [
  chatMessageResponseProtocol,
  typedEventsProtocol,
];

/** The name of a format toolstream reads (its own two, and the providers' of `@toolstream/core/providers`). */
export type ProtocolName =
  | 'chat-message-response'
  | 'typed-events'
  | 'openai-chat'
  | 'openai-responses'
  | 'anthropic'
  | 'gemini'
  | 'ollama-native'
  | 'ag-ui'
  | 'cohere'
  | 'bedrock'
  | 'ai-sdk-ui'
  | 'ai-sdk-data-stream'
  | 'langgraph'
  | 'langgraph-v2';

/**
 * A `protocol` option: `auto` (recognise it from the first frames, among `protocols`), the name
 * of one of `protocols`, or an {@link AdapterDefinition} (your own, or a provider's from
 * `@toolstream/core/providers`).
 */
export type ProtocolOption = 'auto' | ProtocolName | AdapterDefinition;

/** How many undecidable frames `auto` holds back before reporting them and moving on. */
const MAX_HELD_FRAMES = 16;

/**
 * Picks the adapter from the first frames: the first {@link AdapterDefinition} whose `sniff`
 * accepts a frame wins and reads that frame and every later one. Frames that say nothing about
 * the format (`done`, `error`, `[DONE]`, empty data) are handled before a choice is made; a JSON
 * frame nobody recognises falls back to the primary protocol, which reports what is wrong with it.
 * A frame that cannot decide (broken JSON, which is not typed-events text either; an event
 * nobody knows) is held back and handed to the adapter chosen later, so one bad first frame
 * neither decides the format of the whole stream nor gets lost.
 */
export function createAutoAdapter(
  context: AdapterContext,
  candidates: readonly AdapterDefinition[] = defaultProtocols,
): StreamAdapter {
  let chosen: StreamAdapter | null = null;
  let held: SseFrame[] = [];

  const choose = (frame: SseFrame, json: unknown): StreamAdapter | null => {
    for (const candidate of candidates) {
      if (candidate.sniff(frame, json)) return candidate.create(context);
    }
    return null;
  };

  const reportHeld = (emit: Emit) => {
    for (const frame of held) {
      emit({
        type: 'protocol-error',
        error: protocolError('could not recognise the stream format', frameText(frame)),
      });
    }
    held = [];
  };

  return {
    get protocol() {
      return chosen?.protocol ?? null;
    },
    push(frame, emit) {
      if (chosen !== null) {
        chosen.push(frame, emit);
        return;
      }
      if (handleLifecycleFrame(frame, emit)) return;
      if (frame.data === '' && frame.json === undefined) return;
      if (frame.data === '[DONE]' && frame.json === undefined) {
        emit({ type: 'done' });
        return;
      }
      const json = frameJson(frame);
      // Keep the parse for the chosen adapter.
      const parsed: SseFrame = json === undefined ? frame : { ...frame, json };
      const candidate = json === undefined && looksLikeJson(frame.data) ? null : choose(parsed, json);
      if (candidate === null && json === undefined) {
        held.push(frame);
        if (held.length >= MAX_HELD_FRAMES) reportHeld(emit);
        return;
      }
      const adapter = candidate ?? chatMessageResponseProtocol.create(context);
      chosen = adapter;
      for (const earlier of held) adapter.push(earlier, emit);
      held = [];
      adapter.push(parsed, emit);
    },
    end(emit: Emit) {
      if (chosen === null) reportHeld(emit);
      else chosen.end(emit);
    },
  };
}

/** Data that starts like JSON but did not parse: a broken frame, whatever the protocol. */
function looksLikeJson(data: string): boolean {
  const first = data.trimStart()[0];
  return first === '{' || first === '[';
}

/**
 * Resolves a `protocol` option to its adapter definition (`null` for `auto`). A name that is not
 * among `candidates` is a programming error and throws, at once (the store and `reduceStream`
 * call this when they are set up, not on the first frame).
 */
export function resolveProtocol(
  protocol: ProtocolOption | undefined,
  candidates: readonly AdapterDefinition[] = defaultProtocols,
): AdapterDefinition | null {
  if (protocol === undefined || protocol === 'auto') return null;
  if (typeof protocol !== 'string') return protocol;
  const definition = candidates.find((candidate) => candidate.name === protocol);
  if (definition !== undefined) return definition;
  throw new TypeError(
    `toolstream: the protocol ${JSON.stringify(protocol)} is not among \`protocols\` (${candidates
      .map((c) => JSON.stringify(c.name))
      .join(', ')}). Provider formats live in '@toolstream/core/providers': pass one as \`protocol\` ` +
      `(protocol: anthropicProtocol), or pass \`protocols: allProtocols\` to recognise them by name or with "auto".`,
  );
}

/** The adapter for a `protocol` option (see {@link resolveProtocol}). */
export function createAdapter(
  protocol: ProtocolOption,
  context: AdapterContext,
  candidates: readonly AdapterDefinition[] = defaultProtocols,
): StreamAdapter {
  const definition = resolveProtocol(protocol, candidates);
  return definition === null ? createAutoAdapter(context, candidates) : definition.create(context);
}
