import { scenario } from '../builder.js';
import type { Scenario } from '../format.js';
import { toolFrame } from '../tool-call-writer.js';

/**
 * Good frames with broken ones among them: each broken frame must become a protocol error
 * while the stream goes on. The broken frames are written raw on purpose.
 */
export function malformedFrames(): Scenario {
  const builder = scenario(
    'malformed-frames',
    'Malformed frames among good ones: invalid JSON, a tool call without call_id, an unknown event_type, a part after completion, a non-string message and a non-array tool_calls; each is a protocol error and the run completes.',
    { keywords: ['malformed', 'garbage', 'broken frames'] },
  ).text('Checking the deployment status.', { firstDelay: 250 });
  builder.frame('{"message": "this frame is cut off', { delay: 40 });
  const call = builder.startCall({
    tool: 'get_deployments',
    summary: 'Deployments today',
    args: { day: 'today' },
  });
  builder.frame(
    JSON.stringify(
      toolFrame([
        {
          event_type: 'result',
          tool_name: 'get_deployments',
          tool_response: 'no id',
          tool_call_details: {},
        } as never,
      ]),
    ),
    { delay: 60 },
  );
  builder.frame(
    JSON.stringify(
      toolFrame([
        {
          call_id: call.id,
          event_type: 'progress',
          tool_name: 'get_deployments',
          tool_response: '50 %',
          tool_call_details: {},
        } as never,
      ]),
    ),
    { delay: 60 },
  );
  builder.result(call, { output: '3 deployments: api v2.4.1, web v1.9.0, worker v0.12.3', delay: 400 });
  builder.frame(
    JSON.stringify(
      toolFrame([
        {
          call_id: call.id,
          event_type: 'result',
          tool_name: 'get_deployments',
          tool_response: '',
          tool_call_details: {},
          stream_part: 'late part',
          is_complete: false,
        },
      ]),
    ),
    { delay: 40 },
  );
  builder.frame('{"message":42,"citations":[],"tool_calls":[]}', { delay: 40 });
  builder.frame('{"message":"","citations":[],"tool_calls":{"call_id":"x"}}', { delay: 40 });
  return builder
    .text(' Three services were deployed today: api, web and worker.', { firstDelay: 200 })
    .done()
    .build();
}
