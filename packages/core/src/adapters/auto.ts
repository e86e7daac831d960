import { protocolError } from '../errors.js';
import type { SseFrame } from '../protocol/wire.js';
import type { AdapterContext, AdapterDefinition, Emit, StreamAdapter } from './adapter.js';
import { chatMessageResponseProtocol } from './chat-message-response.js';
import { handleLifecycleFrame } from './common-events.js';
import { frameJson, frameText } from './frame-json.js';
import { builtinProtocols, type ProtocolOption } from './protocols.js';

/**
 * Picks the adapter from the first frames: the first {@link AdapterDefinition} whose `sniff`
 * accepts a frame wins and reads that frame and every later one. Frames that say nothing about
 * the format (`done`, `error`, empty data) are handled before a choice is made; a JSON frame
 * nobody recognises falls back to the primary protocol, which reports what is wrong with it.
 */
export function createAutoAdapter(
  context: AdapterContext,
  candidates: readonly AdapterDefinition[] = builtinProtocols,
): StreamAdapter {
  let chosen: StreamAdapter | null = null;

  const choose = (frame: SseFrame, json: unknown): StreamAdapter | null => {
    for (const candidate of candidates) {
      if (candidate.sniff(frame, json)) return candidate.create(context);
    }
    return null;
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
      const json = frameJson(frame);
      // Keep the parse for the chosen adapter.
      const parsed: SseFrame = json === undefined ? frame : { ...frame, json };
      chosen = choose(parsed, json);
      if (chosen === null) {
        chosen = chatMessageResponseProtocol.create(context);
        if (json === undefined) {
          emit({
            type: 'protocol-error',
            error: protocolError('could not recognise the stream format', frameText(frame)),
          });
          return;
        }
      }
      chosen.push(parsed, emit);
    },
    end(emit: Emit) {
      chosen?.end(emit);
    },
  };
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
