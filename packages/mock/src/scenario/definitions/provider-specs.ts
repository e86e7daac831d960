import type { ProviderProtocol } from '../format.js';
import type { ProviderWire } from './provider-frames.js';

/** A scenario that replays one model provider's raw stream (a conformance fixture). */
export interface ProviderScenarioSpec {
  /** `provider-<protocol>`. */
  name: `provider-${ProviderProtocol}`;
  protocol: ProviderProtocol;
  /** The fixture's file name in `fixtures/providers`, read when the files are generated. */
  fixture: string;
  wire: ProviderWire;
  description: string;
  keywords: string[];
}

/** One scenario per provider format of PROTOCOL.md §9, each from its fixture. */
export const PROVIDER_SCENARIOS: readonly ProviderScenarioSpec[] = [
  {
    name: 'provider-openai-chat',
    protocol: 'openai-chat',
    fixture: 'openai-chat-parallel.sse',
    wire: 'sse',
    description:
      'An OpenAI Chat Completions stream as a backend would proxy it: text deltas, two parallel get_weather calls whose arguments arrive in pieces by index, finish_reason "tool_calls", a usage chunk and [DONE]. From the fixture openai-chat-parallel.sse.',
    keywords: ['chat completions', 'openai chat'],
  },
  {
    name: 'provider-anthropic',
    protocol: 'anthropic',
    fixture: 'anthropic-parallel-thinking.sse',
    wire: 'sse',
    description:
      'An Anthropic Messages stream: a thinking block (shown as reasoning), text, then two tool_use blocks (get_weather, web_search) with input_json_delta arguments, and pings. From the fixture anthropic-parallel-thinking.sse.',
    keywords: ['anthropic', 'claude'],
  },
  {
    name: 'provider-gemini',
    protocol: 'gemini',
    fixture: 'gemini-parallel-crlf.sse',
    wire: 'sse',
    description:
      'A Gemini streamGenerateContent (alt=sse) stream: text, then two get_weather functionCall parts in one chunk without ids (the client makes them up), and finishReason STOP. From the fixture gemini-parallel-crlf.sse; its CRLF line endings are not kept, the mock writes LF.',
    keywords: ['gemini', 'vertex'],
  },
  {
    name: 'provider-openai-responses',
    protocol: 'openai-responses',
    fixture: 'openai-responses-parallel.sse',
    wire: 'sse',
    description:
      'An OpenAI Responses API stream: output_text deltas, then two function_call items (call_id kept, not the fc_ item id) with streamed arguments, and response.completed. From the fixture openai-responses-parallel.sse.',
    keywords: ['responses api', 'openai responses'],
  },
  {
    name: 'provider-ag-ui',
    protocol: 'ag-ui',
    fixture: 'agui-interleaved.sse',
    wire: 'sse',
    description:
      'An AG-UI event stream: a text message, then two get_weather calls whose TOOL_CALL_ARGS interleave, TOOL_CALL_END for each and a TOOL_CALL_RESULT. From the fixture agui-interleaved.sse.',
    keywords: ['ag-ui', 'agui', 'copilotkit'],
  },
  {
    name: 'provider-ollama-native',
    protocol: 'ollama-native',
    fixture: 'ollama-native-legacy.ndjson',
    wire: 'ndjson',
    description:
      "Ollama's native /api/chat stream (NDJSON): thinking, text, then two get_current_weather calls with object arguments and no ids. Each NDJSON line is served as one SSE data: frame; the core's auto still recognises the format. From the fixture ollama-native-legacy.ndjson.",
    keywords: ['ollama'],
  },
  {
    name: 'provider-cohere',
    protocol: 'cohere',
    fixture: 'cohere-v2-null-args.sse',
    wire: 'sse',
    description:
      'A Cohere v2 chat stream: a tool plan (shown as reasoning), then get_current_time with "null" arguments (read as {}) and get_weather with streamed arguments, and no answer text. From the fixture cohere-v2-null-args.sse.',
    keywords: ['cohere'],
  },
];
