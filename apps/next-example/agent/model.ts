import { builtinScenarios } from '@toolstream/mock/fetch';

/**
 * A stand-in for the model: given the conversation so far, what it says next and which tools it
 * calls. Yours calls a real model (OpenAI, Anthropic, your own); this one decides from the words
 * of the message, so the example runs without keys or network.
 */

/** A tool call the model asks for. */
export type ToolRequest =
  | { tool: 'get_weather'; args: { city: string } }
  | { tool: 'search_docs'; args: { query: string } }
  | { tool: 'ask_research_agent'; args: { task: string } };

/** One step of the model: text to stream, then tool calls (none: it is done). */
export interface ModelStep {
  text: string;
  calls: ToolRequest[];
}

/** What the model saw: the user's message and the results of the tools it called. */
export interface Transcript {
  message: string;
  results: { tool: string; output: string }[];
}

/** The model's next step. */
export function nextStep(transcript: Transcript): ModelStep {
  const { message, results } = transcript;
  const city = /weather in ([A-Za-z]+)/i.exec(message)?.[1];
  if (results.length === 0) {
    if (city !== undefined) {
      return {
        text: `Let me check the weather in ${city}. `,
        calls: [{ tool: 'get_weather', args: { city } }],
      };
    }
    return {
      text: 'I will ask the research agent to look through the wiki. ',
      calls: [{ tool: 'ask_research_agent', args: { task: message } }],
    };
  }
  const last = results.at(-1)!;
  return { text: `${last.output} ${closing(message)}`, calls: [] };
}

/** The research agent's plan: search the wiki, then report what it found. */
export function researchStep(task: string, found: string | null): ModelStep {
  if (found === null) return { text: '', calls: [{ tool: 'search_docs', args: { query: task } }] };
  return { text: `I found these pages: ${found}.`, calls: [] };
}

/**
 * The mock's recorded runs stand in for the model too: a request that names one (`scenario`) is
 * answered by replaying it, as the demo's scenario menu does.
 */
export function recordedRun(named: unknown) {
  return typeof named === 'string' && named !== '' ? builtinScenarios().get(named) : undefined;
}

function closing(message: string): string {
  return message.trim().endsWith('?') ? 'Anything else?' : 'Let me know if you need more.';
}
