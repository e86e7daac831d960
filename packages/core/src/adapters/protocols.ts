import type { AdapterDefinition } from './adapter.js';
import { chatMessageResponseProtocol } from './chat-message-response.js';
import { agUiProtocol } from './providers/ag-ui.js';
import { anthropicProtocol } from './providers/anthropic.js';
import { cohereProtocol } from './providers/cohere.js';
import { geminiProtocol } from './providers/gemini.js';
import { ollamaNativeProtocol } from './providers/ollama-native.js';
import { openAiChatProtocol } from './providers/openai-chat.js';
import { openAiResponsesProtocol } from './providers/openai-responses.js';
import { typedEventsProtocol } from './typed-events.js';

/**
 * The wire formats `auto` can recognise, most specific first. New adapters are added here and
 * nowhere else: the reducer and the store never see a wire format. The provider formats come
 * after toolstream's own: each is recognised by fields the primary protocol never has (a JSON
 * `type` from its own event set, `choices`, `candidates`, an Ollama `done` flag), and the
 * catch-all `choices` check of OpenAI Chat Completions comes last.
 */
export const builtinProtocols: readonly AdapterDefinition[] = [
  chatMessageResponseProtocol,
  typedEventsProtocol,
  openAiResponsesProtocol,
  anthropicProtocol,
  agUiProtocol,
  cohereProtocol,
  geminiProtocol,
  ollamaNativeProtocol,
  openAiChatProtocol,
];

/** A `protocol` option value: `auto`, a built-in protocol's name, or your own {@link AdapterDefinition}. */
export type ProtocolOption =
  | 'auto'
  | 'chat-message-response'
  | 'typed-events'
  | 'openai-chat'
  | 'ollama-native'
  | 'anthropic'
  | 'gemini'
  | 'openai-responses'
  | 'ag-ui'
  | 'cohere'
  | (string & {})
  | AdapterDefinition;
