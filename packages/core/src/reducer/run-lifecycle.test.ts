import { describe, expect, it } from 'vitest';
import { textDelta, toolDelta, toolEnd, toolStart } from '../../test/events.js';
import { ASSISTANT_ID, callsOf, fold, started, T0 } from '../../test/harness.js';
import type { ToolStreamError } from '../errors.js';
import type { StreamEvent } from '../protocol/events.js';
import type { RunEndAction, ToolStreamAction } from './actions.js';
import { applyActions } from './reduce.js';
import { type AssistantMessageState, type CallStatus, initialState } from './state.js';

const fatal: ToolStreamError = { code: 'network', message: 'connection lost', retryable: true, fatal: true };
const serverError: StreamEvent = {
  type: 'server-error',
  error: { code: 'server', message: 'LLM failed', retryable: true, fatal: true },
};

/** One call in each open status, plus one complete call. */
const openCalls: ToolStreamAction[] = [
  toolStart('pending'),
  toolStart('streaming'),
  toolDelta('streaming', 'x'),
  toolStart('running'),
  toolEnd('running'),
  toolStart('result-streaming'),
  toolStart('result-streaming', { phase: 'result' }),
  toolDelta('result-streaming', 'y', 'result'),
  toolStart('complete'),
  toolEnd('complete'),
  toolStart('complete', { phase: 'result' }),
  toolEnd('complete', { phase: 'result', output: 'ok' }),
];

describe('run-start', () => {
  it('appends the user and assistant messages and resets the run', () => {
    const before = fold([
      toolStart('old'),
      toolEnd('old'),
      { type: 'run-end', status: 'done', error: fatal },
    ]);
    const state = applyActions(
      before,
      [
        {
          type: 'run-start',
          assistantMessageId: 'a2',
          placement: { kind: 'append', userMessage: { id: 'u2', text: 'again' } },
          protocol: 'typed-events',
        },
      ],
      T0 + 50,
    );
    expect(state.messages.slice(-2)).toEqual([
      { id: 'u2', role: 'user', text: 'again', createdAt: T0 + 50 },
      {
        id: 'a2',
        role: 'assistant',
        createdAt: T0 + 50,
        parts: [],
        calls: {},
        callOrder: [],
        children: {},
        citations: [],
        usage: null,
        end: null,
        versions: [],
      },
    ]);
    expect(state.status).toBe('connecting');
    expect(state.error).toBeNull();
    expect(state.errors).toEqual(before.errors);
    expect(state.run).toEqual({
      runId: null,
      lastEventId: null,
      messageId: 'a2',
      protocol: 'typed-events',
      finish: null,
      sawDone: false,
    });
  });

  it('writes content into the new run message', () => {
    const first = fold([textDelta('one')]);
    const second = applyActions(
      first,
      [
        {
          type: 'run-start',
          assistantMessageId: 'a2',
          placement: { kind: 'append', userMessage: null },
          protocol: null,
        },
        textDelta('two'),
      ],
      T0 + 9,
    );
    expect(second.messages.map((m) => (m.role === 'assistant' ? m.parts : []))).toEqual([
      [{ type: 'text', text: 'one' }],
      [{ type: 'text', text: 'two' }],
    ]);
  });
});

describe('status and run info', () => {
  it.each(['connecting', 'reconnecting', 'idle'] as const)(
    '%s turns streaming when content arrives',
    (status) => {
      const state = fold([{ type: 'status', status }, textDelta('x')]);
      expect(state.status).toBe('streaming');
    },
  );

  it('a status equal to the current one leaves the state alone', () => {
    const state = started();
    expect(applyActions(state, [{ type: 'status', status: state.status }], T0 + 1)).toBe(state);
  });

  it('run-info sets only the fields it names', () => {
    const state = fold([
      { type: 'run-info', runId: 'run-7' },
      { type: 'run-info', protocol: 'chat-message-response' },
    ]);
    expect(state.run).toMatchObject({
      runId: 'run-7',
      protocol: 'chat-message-response',
      messageId: ASSISTANT_ID,
    });
  });

  it('event-id keeps the last applied id', () => {
    const state = fold([
      { type: 'event-id', id: '1' },
      { type: 'event-id', id: '2' },
    ]);
    expect(state.run.lastEventId).toBe('2');
  });

  it('content after the run ended does not revive it', () => {
    const state = fold([{ type: 'done' }, textDelta('late')]);
    expect(state.status).toBe('done');
  });
});

describe('run-end closes the open calls', () => {
  const expected: Record<RunEndAction['status'], Record<string, CallStatus>> = {
    done: {
      pending: 'interrupted',
      streaming: 'interrupted',
      running: 'complete',
      'result-streaming': 'interrupted',
    },
    aborted: { pending: 'stopped', streaming: 'stopped', running: 'stopped', 'result-streaming': 'stopped' },
    error: { pending: 'error', streaming: 'error', running: 'error', 'result-streaming': 'error' },
    idle: { pending: 'pending', streaming: 'streaming', running: 'running', 'result-streaming': 'streaming' },
  };

  it.each(Object.entries(expected))('%s', (status, statuses) => {
    const before = fold(openCalls);
    const state = applyActions(
      before,
      [{ type: 'run-end', status: status as RunEndAction['status'], error: null }],
      9_999,
    );
    expect(state.status).toBe(status);
    for (const [id, callStatus] of Object.entries(statuses)) {
      expect(callsOf(state)[id]!.status, id).toBe(callStatus);
      expect(callsOf(state)[id]!.completedAt, id).toBe(status === 'idle' ? null : 9_999);
    }
    // A call that was already complete is left alone, object and all.
    expect(callsOf(state).complete).toBe(callsOf(before).complete);
  });

  it('records a fatal error as the run error', () => {
    const state = fold([toolStart('c1'), { type: 'run-end', status: 'error', error: fatal }]);
    expect(state).toMatchObject({ status: 'error', error: fatal, errors: [fatal] });
    expect(callsOf(state).c1!.status).toBe('error');
  });

  it('records a non-fatal error without making it the run error', () => {
    const warning: ToolStreamError = { ...fatal, fatal: false };
    const state = fold([{ type: 'run-end', status: 'done', error: warning }]);
    expect(state).toMatchObject({ status: 'done', error: null, errors: [warning] });
  });

  it('leaves calls of earlier turns alone', () => {
    const detached = fold([toolStart('old'), { type: 'run-end', status: 'idle', error: null }]);
    const state = fold(
      [
        {
          type: 'run-start',
          assistantMessageId: 'a2',
          placement: { kind: 'append', userMessage: null },
          protocol: null,
        },
        toolStart('new'),
        { type: 'run-end', status: 'aborted', error: null },
      ],
      detached,
    );
    const [first, second] = state.messages as AssistantMessageState[];
    expect(first!.calls.old!.status).toBe('pending');
    expect(first).toBe(detached.messages[0]);
    expect(second!.calls.new!.status).toBe('stopped');
    expect(second!.end).toMatchObject({ outcome: 'stopped' });
  });
});

describe('server errors and done', () => {
  it('a server error ends the run with status error and closes open calls', () => {
    const state = fold([toolStart('c1'), textDelta('partial'), serverError]);
    expect(state.status).toBe('error');
    expect(state.error).toMatchObject({ code: 'server', message: 'LLM failed' });
    expect(callsOf(state).c1!.status).toBe('error');
  });

  it.each<[string, ToolStreamAction]>([
    ['a done event', { type: 'done' }],
    ['run-end done', { type: 'run-end', status: 'done', error: null }],
  ])('%s after an error keeps status error', (_name, done) => {
    const state = fold([serverError, done]);
    expect(state.status).toBe('error');
    expect(state.error).toMatchObject({ code: 'server' });
  });

  it('done closes the run and its open calls as interrupted', () => {
    const state = fold([toolStart('c1'), { type: 'done' }]);
    expect(state.status).toBe('done');
    expect(callsOf(state).c1!.status).toBe('interrupted');
  });

  it('an error action records a warning and changes nothing else', () => {
    const warning: ToolStreamError = {
      code: 'network',
      message: 'cancel failed',
      retryable: false,
      fatal: false,
    };
    const before = fold([textDelta('x')]);
    const state = applyActions(before, [{ type: 'error', error: warning }], T0 + 50);
    expect(state.errors).toEqual([warning]);
    expect(state.status).toBe(before.status);
    expect(state.messages).toBe(before.messages);
  });

  it('works from a bare initial state', () => {
    const state = applyActions(initialState(), [toolStart('c1'), { type: 'done' }], T0);
    expect(callsOf(state).c1!.status).toBe('interrupted');
  });
});
