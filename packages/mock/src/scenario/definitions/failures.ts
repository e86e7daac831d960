import { scenario } from '../builder.js';
import type { Scenario } from '../format.js';

/** A tool reports a failure; the assistant explains and the run still ends normally. */
export function failingTool(): Scenario {
  return scenario(
    'failing-tool',
    'A failing tool: jira_get_issue returns an error result (tool_call_details.status = "error"); the assistant apologises and the run ends normally.',
    { keywords: ['jira', 'failing', 'fails', 'broken tool'] },
  )
    .text('Let me look up the ticket.', { firstDelay: 250 })
    .call({
      tool: 'jira_get_issue',
      summary: 'Fetch OPS-42',
      args: { key: 'OPS-42' },
      result: {
        output: 'Error: connection refused (jira.internal:443)',
        error: 'connection refused (jira.internal:443)',
        delay: 1200,
      },
    })
    .text(' I could not reach Jira just now (connection refused). Please try again in a few minutes.', {
      firstDelay: 300,
    })
    .done()
    .build();
}

/** The server's guard refuses the request: an `error` event before any text. */
export const GUARD_MESSAGE = 'Rate limit exceeded: at most 20 requests per minute. Try again in 30 seconds.';

export function guardRejection(): Scenario {
  return scenario(
    'guard-rejection',
    'A guard rejection: the request is refused (rate limit) with an error event before any text; the server then closes the stream.',
    { keywords: ['guard', 'rate limit', 'rejected', 'injection'] },
  )
    .error(GUARD_MESSAGE, { code: 'guard_rejected', delay: 80 })
    .build();
}

/** The run exceeds the server's time limit while a tool is running. */
export const TIMEOUT_MESSAGE = 'Request timed out after 30000 ms.';

export function timeout(): Scenario {
  const builder = scenario(
    'timeout',
    'A timeout: the assistant starts a slow tool, nothing arrives for 3 s, then the server reports that the request timed out (error event); the call never completes.',
    { keywords: ['timeout', 'timed out', 'slow'] },
  ).text('Let me run the full analysis; this can take a while.', { firstDelay: 250 });
  builder.startCall({
    tool: 'run_analysis',
    summary: 'Analyse sales_2024',
    args: { dataset: 'sales_2024' },
  });
  return builder.wait(3000).error(TIMEOUT_MESSAGE, { code: 'timeout' }).build();
}

/** The full text of the sub-agent in `mid-stream-disconnect`, cut by the scripted drop. */
export const DISCONNECT_ANSWER_BEFORE =
  'The migration plan has three phases. Phase one copies the historical data to the new cluster while both stay online. ';
export const DISCONNECT_ANSWER_AFTER =
  'Phase two switches writes to the new cluster behind a feature flag. Phase three retires the old cluster after a week of monitoring.';

/** The server drops the connection in the middle of a streamed delegation result. */
export function midStreamDisconnect(): Scenario {
  return scenario(
    'mid-stream-disconnect',
    'A mid-stream disconnect: the connection drops while the sub-agent streams its delegation_result; the run goes on, and a client that re-attaches with Last-Event-ID gets the rest without duplicates.',
    { keywords: ['disconnect', 'reconnect', 'resume', 'migration'] },
  )
    .text('I will ask the planning agent for the migration plan.', { firstDelay: 250 })
    .delegation({ agent: 'planning_agent', task: 'Outline the database migration plan' }, (sub) => {
      sub.stream(DISCONNECT_ANSWER_BEFORE, { firstDelay: 400 });
      sub.disconnect({ delay: 30 });
      sub.stream(DISCONNECT_ANSWER_AFTER, { firstDelay: 200 });
    })
    .text(' The plan has three phases: copy, switch writes behind a flag, retire the old cluster.', {
      firstDelay: 250,
    })
    .done()
    .build();
}
