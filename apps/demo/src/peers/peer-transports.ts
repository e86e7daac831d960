import type { ToolStreamTransport } from '@toolstream/core';
import { createAiSdkTransport, createLangGraphTransport } from '@toolstream/core/providers';
import { AI_SDK_API, LANGGRAPH_API } from './peer-handlers.js';

/** The backends the demo runs in the page, by the endpoint the backend menu keeps for each. */
export const PEER_BACKENDS: ReadonlyArray<{ endpoint: string; name: string; hint: string }> = [
  {
    endpoint: AI_SDK_API,
    name: 'AI SDK',
    hint: "The Vercel AI SDK's chat route (UI message stream), replaying the scenarios.",
  },
  {
    endpoint: LANGGRAPH_API,
    name: 'LangGraph',
    hint: 'A LangGraph API server (threads, runs, subgraphs as sub-agents), replaying the scenarios.',
  },
];

/**
 * The transport for a peer backend's endpoint, or `undefined` for toolstream's own (the mock, or
 * an endpoint typed in). `scenario` is read when a message is sent.
 */
export function peerTransport(endpoint: string, scenario: () => string): ToolStreamTransport | undefined {
  if (endpoint === AI_SDK_API)
    return createAiSdkTransport({ api: AI_SDK_API, body: () => ({ scenario: scenario() }) });
  if (endpoint === LANGGRAPH_API) {
    return createLangGraphTransport({
      apiUrl: LANGGRAPH_API,
      assistantId: 'agent',
      runOptions: () => ({ context: { scenario: scenario() } }),
    });
  }
  return undefined;
}
