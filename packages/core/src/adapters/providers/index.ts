/**
 * @toolstream/core/providers — the stream formats of model providers, for backends that pass a
 * provider's stream through to the browser, and of agent frameworks (the AI SDK's UI message
 * stream and data stream, LangGraph's run stream and protocol v2), with the transports that speak
 * those backends' requests (`createAiSdkTransport`, `createLangGraphTransport`,
 * `createAgUiTransport`; PROTOCOL.md §9). Pass a format as `protocol`, or `allProtocols` as
 * `protocols` to have `auto` recognise any of them:
 *
 * ```ts
 * import { createToolStreamStore } from '@toolstream/core';
 * import { allProtocols } from '@toolstream/core/providers';
 * const store = createToolStreamStore({ endpoint: '/api/chat', protocols: allProtocols });
 * ```
 */

import type { AdapterDefinition } from '../adapter.js';
import { defaultProtocols } from '../auto.js';
import { agUiProtocol } from './ag-ui.js';
import { aiSdkDataStreamProtocol } from './ai-sdk-data-stream.js';
import { aiSdkUiProtocol } from './ai-sdk-ui.js';
import { anthropicProtocol } from './anthropic.js';
import { bedrockProtocol } from './bedrock.js';
import { cohereProtocol } from './cohere.js';
import { geminiProtocol } from './gemini.js';
import { langGraphProtocol } from './langgraph.js';
import { langGraphV2Protocol } from './langgraph-v2.js';
import { ollamaNativeProtocol } from './ollama-native.js';
import { openAiChatProtocol } from './openai-chat.js';
import { openAiResponsesProtocol } from './openai-responses.js';

export {
  agUiProtocol,
  aiSdkDataStreamProtocol,
  aiSdkUiProtocol,
  anthropicProtocol,
  bedrockProtocol,
  cohereProtocol,
  geminiProtocol,
  langGraphProtocol,
  langGraphV2Protocol,
  ollamaNativeProtocol,
  openAiChatProtocol,
  openAiResponsesProtocol,
};

/**
 * The providers' formats, in the order `auto` tries them: each is recognised by fields the
 * others never have (a JSON `type` from its own event set, `candidates`, a Bedrock event name,
 * an Ollama `done` flag), and the catch-all `choices` check of OpenAI Chat Completions comes
 * last. Bedrock also brings its binary framing (AWS event stream), recognised on the first byte.
 */
export const providerProtocols: readonly AdapterDefinition[] = [
  aiSdkUiProtocol,
  aiSdkDataStreamProtocol,
  langGraphV2Protocol,
  langGraphProtocol,
  openAiResponsesProtocol,
  anthropicProtocol,
  agUiProtocol,
  cohereProtocol,
  geminiProtocol,
  bedrockProtocol,
  ollamaNativeProtocol,
  openAiChatProtocol,
];

/** Every format toolstream reads: its own two first, then the providers'. */
export const allProtocols: readonly AdapterDefinition[] = [...defaultProtocols, ...providerProtocols];

export type {
  AgUiMessage,
  AgUiResumeEntry,
  AgUiRunAgentInput,
  AgUiTransportOptions,
} from '../../transport/peers/ag-ui-transport.js';
export { createAgUiTransport } from '../../transport/peers/ag-ui-transport.js';
export type { AiSdkToolPart, AiSdkUIMessage, AiSdkUIPart } from '../../transport/peers/ai-sdk-messages.js';
export type {
  AiSdkChatRequest,
  AiSdkTransportOptions,
  AiSdkTrigger,
} from '../../transport/peers/ai-sdk-transport.js';
export { createAiSdkTransport } from '../../transport/peers/ai-sdk-transport.js';
export {
  type LangGraphInterruptAnswer,
  langGraphResumeValue,
} from '../../transport/peers/langgraph-resume.js';
export type {
  LangGraphStreamMode,
  LangGraphTransportOptions,
} from '../../transport/peers/langgraph-transport.js';
export { createLangGraphTransport } from '../../transport/peers/langgraph-transport.js';
export type { PeerTransportOptions } from '../../transport/peers/peer-connection.js';
export type { AiSdkApproval } from './ai-sdk-ui.js';
export type { LangGraphInterrupt } from './langgraph-messages.js';
