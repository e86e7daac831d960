import { scenario } from '../builder.js';
import type { Scenario } from '../format.js';

/** The final answer of both ReAct scenarios. */
export const REACT_FINAL_ANSWER = 'Seoul is currently clear and 25 °C, and the time in Korea is 3:00 PM.';

const WEATHER = {
  tool: 'weather_tool',
  summary: 'Weather in Seoul',
  args: { city: 'Seoul' },
  result: { output: 'Clear, 25C', delay: 600 },
};
const TIME = {
  tool: 'time_tool',
  summary: 'Time in KST',
  args: { timezone: 'KST' },
  result: { output: '3:00 PM', delay: 400 },
};

/**
 * A three-iteration ReAct run with `streamToolCallResponses` on: every iteration's text is
 * streamed as the model writes it.
 */
export function reactStreamed(): Scenario {
  return scenario(
    'react-streamed',
    'A multi-iteration ReAct run with every iteration streamed (streamToolCallResponses on): text, call, result, more text, call, result, final answer.',
    { keywords: ['react', 'weather and time', 'iterations'] },
  )
    .text('Let me check the weather in Seoul first.', { firstDelay: 300 })
    .call(WEATHER)
    .text(' It is clear there. Now let me check the time in Korea.', { firstDelay: 350 })
    .call(TIME)
    .text(` ${REACT_FINAL_ANSWER}`, { firstDelay: 350 })
    .done()
    .build();
}

/**
 * The same run with intermediate iterations suppressed (`streamToolCallResponses` off, Spring
 * AI's default): the tool calls are still reported, but no text arrives until the final
 * answer, which the server buffered and then sends in one burst.
 */
export function reactFinalOnly(): Scenario {
  return scenario(
    'react-final-only',
    'The react-streamed run with intermediate iterations suppressed (streamToolCallResponses off): tool calls and results arrive, no text until the final answer, which is flushed from the buffer in one burst.',
    { keywords: ['final only', 'final-only', 'suppressed'] },
  )
    .call({ ...WEATHER, delay: 900 })
    .call({ ...TIME, delay: 800 })
    .text(REACT_FINAL_ANSWER, { firstDelay: 1200, delay: 0 })
    .done()
    .build();
}
