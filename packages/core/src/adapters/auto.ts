import { protocolError } from '../errors.js';
import type { SseFrame } from '../protocol/wire.js';
import type { AdapterContext, AdapterDefinition, Emit, StreamAdapter } from './adapter.js';
import { chatMessageResponseProtocol } from './chat-message-response.js';
import { handleLifecycleFrame } from './common-events.js';
import type { EventSink } from './event-sink.js';
import { frameJson, frameText } from './frame-json.js';
import { builtinProtocols, type ProtocolOption } from './protocols.js';

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
  candidates: readonly AdapterDefinition[] = builtinProtocols,
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
    pushTo(frame: SseFrame, sink: EventSink) {
      if (chosen?.pushTo !== undefined) chosen.pushTo(frame, sink);
      else this.push(frame, sink.emit);
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

/** Resolves a `protocol` option to an adapter. An unknown name is a programming error and throws. */
export function createAdapter(
  protocol: ProtocolOption,
  context: AdapterContext,
  candidates: readonly AdapterDefinition[] = builtinProtocols,
): StreamAdapter {
  if (typeof protocol !== 'string') return protocol.create(context);
  if (protocol === 'auto') return createAutoAdapter(context, candidates);
  const definition = candidates.find((candidate) => candidate.name === protocol);
  if (definition === undefined) {
    throw new TypeError(
      `toolstream: unknown protocol ${JSON.stringify(protocol)}. Use "auto", one of ${candidates
        .map((c) => JSON.stringify(c.name))
        .join(', ')}, or an AdapterDefinition.`,
    );
  }
  return definition.create(context);
}
