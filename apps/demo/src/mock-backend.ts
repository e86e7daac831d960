import { builtinScenarios, createHandlers, type ScenarioSummary } from '@toolstream/mock';
import { setupWorker } from 'msw/browser';
import { peerHandlers } from './peers/peer-handlers.js';

/** The scenarios the demo can replay, for the picker. */
export const scenarios = builtinScenarios().list();

/** Scenarios whose calls wait for the person or the browser, answered by a continuation (PROTOCOL.md §11). */
const WAITING = new Set([
  'approval-granted',
  'approval-denied',
  'approval-edited',
  'approvals-parallel',
  'approval-in-subagent',
  'client-tool',
  'client-tool-error',
  'continuation-rejected',
]);

/**
 * The scenarios in three groups: agent runs in toolstream's own formats, runs that wait for an
 * approval or a browser tool, and model providers' streams.
 */
export const scenarioGroups: ReadonlyArray<{ title: string; scenarios: ScenarioSummary[] }> = [
  {
    title: 'Agent runs',
    scenarios: scenarios.filter((s) => !s.name.startsWith('provider-') && !WAITING.has(s.name)),
  },
  { title: 'Approvals and client tools', scenarios: scenarios.filter((s) => WAITING.has(s.name)) },
  { title: 'Model provider streams', scenarios: scenarios.filter((s) => s.name.startsWith('provider-')) },
];

const TITLES: Record<string, string> = {
  'subagent-delegation': 'Sub-agent delegation',
  'react-streamed': 'ReAct, streamed',
  'react-final-only': 'ReAct, final answer only',
  'xss-payloads': 'XSS payloads',
  'approval-granted': 'Approval, granted',
  'approval-denied': 'Approval, denied with a reason',
  'approval-edited': 'Approval with edited arguments',
  'approvals-parallel': 'Two approvals at once',
  'approval-in-subagent': 'Approval inside a sub-agent',
  'client-tool': 'Client tool (time zone)',
  'client-tool-error': 'Client tool that fails',
  'continuation-rejected': 'Continuation the server refuses',
  'provider-openai-chat': 'OpenAI Chat Completions',
  'provider-anthropic': 'Anthropic Messages',
  'provider-gemini': 'Gemini',
  'provider-openai-responses': 'OpenAI Responses',
  'provider-ag-ui': 'AG-UI',
  'provider-ollama-native': 'Ollama',
  'provider-cohere': 'Cohere',
};

/** A scenario's name for people: `nested-delegation` → "Nested delegation". */
export function humanizeScenario(name: string): string {
  const known = TITLES[name];
  if (known !== undefined) return known;
  const words = name.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Starts the mock backend in a service worker, so the demo needs no server: toolstream's own,
 * and the AI SDK and LangGraph backends that replay the same scenarios in their formats. Requests to any
 * other URL (a real endpoint typed into the demo) pass through untouched.
 */
export async function startMockBackend(): Promise<void> {
  // Only this origin: a real endpoint typed into the demo (even at the same path) must pass through.
  const origin = window.location.origin;
  const worker = setupWorker(...createHandlers({ origin }), ...peerHandlers(origin));
  await worker.start({
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
}
