import { scenario } from '../builder.js';
import type { Scenario } from '../format.js';

/**
 * Calls the browser runs (PROTOCOL.md §11, `awaiting: "client"`): the run ends waiting, the
 * client's tool (`defineTools`) runs and its output or error comes back in the continuation.
 */

/** The user's time zone, which only the browser knows. */
export function clientTool(): Scenario {
  const zone = 'call_1_get_time_zone';
  return scenario(
    'client-tool',
    'A client tool: get_time_zone is handed to the browser (tool_call_details.awaiting: "client"); its output comes back in the continuation and the answer uses it. A failure is reported too.',
    { keywords: ['time zone', 'timezone', 'client tool'] },
  )
    .text('To schedule the call at a good time for you, I need your time zone.', { firstDelay: 300 })
    .ask({ id: zone, tool: 'get_time_zone', summary: 'Your time zone', args: {}, awaiting: 'client' })
    .done()
    .continuation({ [zone]: 'output' })
    .resultOf(zone, 'get_time_zone', { output: `{{${zone}.output}}`, delay: 50 })
    .text(` You are in {{${zone}.output}}, so I suggest 10:00 your time on Tuesday.`, { firstDelay: 250 })
    .done()
    .continuation({ [zone]: 'error' })
    .resultOf(zone, 'get_time_zone', { output: '', error: `{{${zone}.error}}`, delay: 50 })
    .text(` I could not read your time zone ({{${zone}.error}}), so here it is in UTC: 08:00 on Tuesday.`, {
      firstDelay: 250,
    })
    .done()
    .build();
}

/** A client tool that throws: the error comes back as its result, and the model says so. */
export function clientToolError(): Scenario {
  const location = 'call_1_get_location';
  return scenario(
    'client-tool-error',
    'A client tool that fails: get_location runs in the browser, which throws (say, the person blocked location access); the continuation carries the error, the call shows it and the model explains it could not use the location.',
    { keywords: ['my location', 'near me', 'coffee'] },
  )
    .text('Let me find the coffee shops near you.', { firstDelay: 300 })
    .ask({
      id: location,
      tool: 'get_location',
      summary: 'Your location',
      args: { accuracy: 'city' },
      awaiting: 'client',
    })
    .done()
    .continuation({ [location]: 'error' })
    .resultOf(location, 'get_location', { output: '', error: `{{${location}.error}}`, delay: 50 })
    .text(
      ` I could not get your location: {{${location}.error}}. Tell me your city and I will search there.`,
      {
        firstDelay: 250,
      },
    )
    .done()
    .continuation({ [location]: 'output' })
    .resultOf(location, 'get_location', { output: `{{${location}.output}}`, delay: 50 })
    .text(` Here are three coffee shops near {{${location}.output}}: Fritz, Anthracite and Felt.`, {
      firstDelay: 250,
    })
    .done()
    .build();
}

/**
 * A continuation the server refuses: the backend keeps no record of what the run asked (as when
 * it expired), so the answer is refused with 404 `not-waiting`, which the client shows as an error.
 */
export function continuationRejected(): Scenario {
  const rebuild = 'call_1_rebuild_index';
  return scenario(
    'continuation-rejected',
    'A continuation the server refuses: rebuild_index waits for approval, but what the run asked is no longer kept (forgetAsks), so answering it gets a 404 not-waiting JSON error the client shows.',
    { keywords: ['rebuild the index', 'rejected continuation'] },
  )
    .forgetAsks()
    .text('The search index is stale. I can rebuild it.', { firstDelay: 300 })
    .ask({
      id: rebuild,
      tool: 'rebuild_index',
      summary: 'Rebuild the search index',
      args: { index: 'docs' },
      awaiting: 'approval',
      prompt: 'Rebuild the docs index (about 10 minutes)?',
    })
    .done()
    .build();
}
