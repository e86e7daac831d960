import { scenario } from '../builder.js';
import type { Scenario } from '../format.js';

/** One tool call between two streamed texts: the smallest complete run. */
export function singleCall(): Scenario {
  return scenario(
    'single-call',
    'One tool call: the assistant says what it will do, calls get_weather, gets a complete result, then streams its answer.',
    { keywords: ['weather', 'single call'] },
  )
    .text('Let me check the current weather in Seoul.', { firstDelay: 300 })
    .call({
      tool: 'get_weather',
      summary: 'Weather in Seoul',
      args: { city: 'Seoul', unit: 'celsius' },
      result: { output: '{"city":"Seoul","condition":"Clear","temperature_c":25}', delay: 650 },
    })
    .text(' Seoul is currently clear and 25 °C — a great day to go outside!', { firstDelay: 250 })
    .done()
    .build();
}

/** Calls started together whose results interleave, one of them streamed. */
export function parallelCalls(): Scenario {
  return scenario(
    'parallel-calls',
    'Three calls started in one frame; their results arrive interleaved, the flight search streaming its result in parts while the others complete.',
    { keywords: ['parallel', 'flights', 'at once'] },
  )
    .text('I will look up the weather, the local time and flights at once.', { firstDelay: 300 })
    .parallel(
      [
        {
          tool: 'get_weather',
          summary: 'Weather in Tokyo',
          args: { city: 'Tokyo' },
          result: '{"city":"Tokyo","condition":"Light rain","temperature_c":18}',
        },
        {
          tool: 'get_time',
          summary: 'Local time in Tokyo',
          args: { timezone: 'Asia/Tokyo' },
          result: '15:04 JST',
        },
        {
          tool: 'search_flights',
          summary: 'Flights Seoul → Tokyo tomorrow',
          args: { from: 'ICN', to: 'HND', date: 'tomorrow' },
          result: {
            output:
              'KE2101 08:10 → 10:20, 182 000 KRW. OZ1045 09:35 → 11:45, 175 000 KRW. JL092 13:00 → 15:05, 199 000 KRW.',
            stream: { wordsPerChunk: 4, delay: 60 },
          },
        },
      ],
      { resultDelay: 700 },
    )
    .text(
      ' In Tokyo it is 15:04 with light rain at 18 °C. The cheapest flight tomorrow is OZ1045 at 09:35 for 175 000 KRW.',
      { firstDelay: 300 },
    )
    .done()
    .build();
}

/**
 * A tool whose result is the answer (Spring AI's `returnDirect`): no model iteration follows;
 * the result is delivered as the assistant's message.
 */
export const RETURN_DIRECT_OUTPUT =
  'Monthly sales report, May 2024: revenue 1.24 M EUR (+8 % month on month), 312 orders, top product: ACME Widget Pro.';

export function returnDirect(): Scenario {
  return scenario(
    'return-direct',
    'A return-direct tool: after generate_report (tool_call_details.return_direct = true) no model iteration follows; the tool result itself is sent as the answer in one message.',
    { keywords: ['report', 'return direct', 'return-direct'] },
  )
    .text('Generating the report.', { firstDelay: 250 })
    .call({
      tool: 'generate_report',
      summary: 'Sales report for May 2024',
      args: { month: '2024-05' },
      details: { return_direct: true },
      result: { output: RETURN_DIRECT_OUTPUT, delay: 900 },
    })
    .message({ message: `\n\n${RETURN_DIRECT_OUTPUT}` }, { delay: 5 })
    .done()
    .build();
}
