import type { ChatMessageResponse } from '@toolstream/core';
import { begin, type CallSpec, chunk, text, toolCall } from '../test-utils/chunks.js';

/**
 * Calls that wait for an answer, as primary-protocol chunks (PROTOCOL.md §11): a call chunk
 * whose `tool_call_details` say `awaiting` ("approval", "client", "input"), `editable` and
 * `prompt`. Stories and tests feed them to a real store.
 */

export const EMAIL_ARGS = {
  to: 'ana@example.com',
  subject: 'Q3 onboarding plan',
  body: 'Hi Ana,\nthe plan for the new hires is attached. Could you review it by Friday?\nThanks!',
};

export const sendEmail = (details: Record<string, unknown> = {}): CallSpec => ({
  id: 'call_email',
  tool: 'send_email',
  details: { awaiting: 'approval', prompt: 'Send this email?', arguments: EMAIL_ARGS, ...details },
});

export const deleteFile = (id: string, path: string, parent?: string): CallSpec => ({
  id,
  tool: 'delete_file',
  ...(parent === undefined ? {} : { parent, agent: 'ops' }),
  details: { awaiting: 'approval', arguments: { path, recursive: false } },
});

export const timeZone: CallSpec = {
  id: 'call_tz',
  tool: 'get_time_zone',
  details: { awaiting: 'client', arguments: { format: 'iana' } },
};

export const clipboard: CallSpec = {
  id: 'call_clip',
  tool: 'read_clipboard',
  details: { awaiting: 'client', arguments: {} },
};

export const opsAgent: CallSpec = { id: 'del_ops', tool: 'ask_ops', delegation: true, agent: 'ops' };

export const restartService: CallSpec = {
  id: 'call_restart',
  tool: 'restart_service',
  parent: 'del_ops',
  agent: 'ops',
  details: {
    awaiting: 'approval',
    prompt: 'Restart the API service in production?',
    arguments: { name: 'api', region: 'eu-west-1', drain_seconds: 30 },
  },
};

/** A call that asks, complete in one chunk (the request is made once its call phase completes). */
export const asks = (spec: CallSpec): ChatMessageResponse => begin(spec);

/** The result the server sends for a call in the continuation. */
export const resultOf = (spec: CallSpec, response: string): ChatMessageResponse =>
  chunk('', [toolCall({ ...spec, details: {} }, 'result', { tool_response: response })]);

/** One approval: the email. */
export const emailTurn = (details: Record<string, unknown> = {}) => [
  text('I drafted the email to Ana. '),
  asks(sendEmail(details)),
];

/** Two approvals in parallel. */
export const twoDeletes = [
  text('Two files match; I need your approval to delete them. '),
  asks(deleteFile('call_del_a', '/reports/2024-draft.xlsx')),
  asks(deleteFile('call_del_b', '/reports/old/summary.pdf')),
];

/** An approval inside a sub-agent's work. */
export const nestedTurn = [
  text('I asked the ops agent to restart the API. '),
  begin(opsAgent, 'Restart the API service'),
  begin({ id: 'call_health', tool: 'check_health', parent: 'del_ops', agent: 'ops' }, '{"service":"api"}'),
  chunk('', [
    toolCall({ id: 'call_health', tool: 'check_health', parent: 'del_ops', agent: 'ops' }, 'result', {
      tool_response: '{"status":"degraded","p95_ms":2400}',
    }),
  ]),
  asks(restartService),
];

/** A tool the browser runs. */
export const timeZoneTurn = [text('Let me check your time zone. '), asks(timeZone)];
