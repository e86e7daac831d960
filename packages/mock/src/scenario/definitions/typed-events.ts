import type { Scenario } from '../format.js';
import { typedScenario } from '../typed-builder.js';

/** The typed-events flavour of a ReAct run (seed 004): `message`, `tool_start`, `tool_end`, `done`. */
export function typedEvents(): Scenario {
  return typedScenario(
    'typed-events',
    'The typed-events protocol: message chunks, tool_start / tool_end carrying tool names, and done — the ReAct run of a Kotlin backend.',
    { keywords: ['typed', 'kotlin', 'tool_start'] },
  )
    .text('Let me check both for you.', { firstDelay: 300 })
    .tool('weather_tool', { runtime: 600 })
    .tool('time_tool', { runtime: 350 })
    .text(' Seoul is currently clear and 25 °C, and the time in Korea is 3:00 PM.', { firstDelay: 300 })
    .done()
    .build();
}

/** The typed-events error case: the LLM provider fails while a tool runs. */
export const TYPED_ERROR_MESSAGE = 'LLM provider failure: upstream returned HTTP 503.';

export function typedEventsError(): Scenario {
  return typedScenario(
    'typed-events-error',
    'The typed-events protocol ending in an error event: text, tool_start / tool_end, then the LLM provider fails mid-answer and the server sends error.',
    { keywords: ['provider failure', 'typed error', '503'] },
  )
    .text('Let me look that up.', { firstDelay: 300 })
    .tool('search_tool', { runtime: 500 })
    .text(' According to the', { firstDelay: 300 })
    .error(TYPED_ERROR_MESSAGE, { delay: 700 })
    .build();
}
