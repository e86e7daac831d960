/** What the demo's controls set, read from the page's address at start (links and tests use it). */
export interface DemoSettings {
  endpoint: string;
  scenario: string;
  /** The devtools panel is on. */
  devtools: boolean;
  /** Earlier turns the conversation opens with (`?history=1000`: a thousand), 0 for none. */
  history: number;
}

/** The most earlier turns `?history=` opens with. */
export const MAX_HISTORY = 5000;

/** The demo's own backend: the mock, answered in the page by its service worker. */
export const MOCK_ENDPOINT = '/api/chat/stream';

/** `?endpoint=`, `?scenario=` and `?devtools=1` preset the controls; `?history=N` the conversation. */
export function settingsFromUrl(search: string, scenarioNames: readonly string[]): DemoSettings {
  const params = new URLSearchParams(search);
  const scenario = params.get('scenario');
  return {
    endpoint: params.get('endpoint') ?? MOCK_ENDPOINT,
    scenario: scenario !== null && scenarioNames.includes(scenario) ? scenario : 'subagent-delegation',
    devtools: params.get('devtools') === '1',
    history: Math.min(MAX_HISTORY, Math.max(0, Math.floor(Number(params.get('history')) || 0))),
  };
}
