import type { AdapterDefinition } from './adapter.js';
import { chatMessageResponseProtocol } from './chat-message-response.js';
import { typedEventsProtocol } from './typed-events.js';

/**
 * The wire formats `auto` can recognise, most specific first. New adapters are added here and
 * nowhere else: the reducer and the store never see a wire format.
 */
export const builtinProtocols: readonly AdapterDefinition[] = [
  chatMessageResponseProtocol,
  typedEventsProtocol,
];

/** A `protocol` option value: `auto`, a built-in protocol's name, or your own {@link AdapterDefinition}. */
export type ProtocolOption =
  | 'auto'
  | 'chat-message-response'
  | 'typed-events'
  | (string & {})
  | AdapterDefinition;
