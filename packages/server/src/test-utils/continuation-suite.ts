/**
 * The continuation checks of PROTOCOL.md §11 as one suite, run against each run store
 * (input/continuation.test.ts in memory, redis/continuation.redis.test.ts on a real Redis): a
 * run asks, the continuation is checked before anything runs, and the run that goes on writes
 * results on the same call ids.
 */
import { reduceStream } from '@toolstream/core';
import { afterEach, describe, expect, it } from 'vitest';
import { BASE, parseSse } from '../../test/sse.js';
import { createRunHandler, type RunHandler, type RunHandlerOptions } from '../handler/create-run-handler.js';
import type { RunContinuation } from '../input/continuation.js';
import type { RunStore } from '../store/run-store.js';

/** What the suite needs: stores that share their runs (two instances of one backend). */
export interface SuiteStores {
  /** A store; every store opened in one test shares the same runs. */
  open(): Promise<RunStore>;
}

/** A POST with a user's cookie. */
function postAs(user: string | null, body: unknown): Request {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (user !== null) headers['x-user'] = user;
  return new Request(BASE, { method: 'POST', headers, body: JSON.stringify(body) });
}

/**
 * The agent of the suite. A new turn asks for three things: approval to send an email (the
 * person may edit it), the user's time zone from the browser, and — inside a delegation to the
 * files agent — approval to delete a file. A continuation runs what was approved, with the
 * arguments it was approved with, writes each result on its call id, completes the delegation,
 * and says what it did.
 */
function agent(started: RunContinuation[]): RunHandlerOptions['start'] {
  return ({ writer, continuation }) => {
    if (continuation === null) {
      writer.text('I need a few answers first. ');
      writer.toolCall('send_email', {
        id: 'call_email',
        args: { to: 'ops@example.com', subject: 'Outage' },
        awaiting: 'approval',
        editable: true,
        prompt: 'Send this email?',
      });
      writer.toolCall('get_time_zone', { id: 'call_tz', awaiting: 'client' });
      const files = writer.delegate('files_agent', { id: 'call_files', task: 'Clean up' });
      files.toolCall('delete_file', {
        id: 'call_delete',
        args: { path: '/tmp/old.log' },
        awaiting: 'approval',
      });
      writer.checkpoint({ step: 1 });
      return;
    }
    started.push(continuation);
    const said: string[] = [];
    for (const answer of continuation.answers) {
      const call = writer.resumeCall(answer);
      switch (answer.answer.type) {
        case 'approve':
          call.result(`${answer.name} ran with ${JSON.stringify(answer.args)}`);
          said.push(`${answer.name} done`);
          break;
        case 'deny':
          call.fail(`Denied: ${answer.answer.reason ?? 'no reason'}`);
          said.push(`${answer.name} denied (${answer.answer.reason ?? 'no reason'})`);
          break;
        case 'output':
          call.result(String(answer.answer.output));
          said.push(`time zone ${String(answer.answer.output)}`);
          break;
        default:
          call.fail('no answer');
      }
    }
    const files = continuation.answers.find((answer) => answer.id === 'call_delete')?.delegation;
    if (files) writer.resumeDelegation(files).result('Files checked.');
    writer.text(said.join('; '));
  };
}

/** Answers to every call the agent asks about (approve all, the browser says Europe/Berlin). */
const ALL_APPROVED = [
  { call_id: 'call_email', approved: true },
  { call_id: 'call_tz', output: 'Europe/Berlin' },
  { call_id: 'call_delete', approved: true },
];

/** The continuation suite for one kind of store. */
export function continuationSuite(name: string, stores: SuiteStores): void {
  describe(`continuations (${name})`, () => {
    const handlers: RunHandler[] = [];
    afterEach(async () => {
      await Promise.all(handlers.splice(0).map((handler) => handler.close()));
    });

    /** An instance of the backend; instances opened in one test share their runs. */
    async function instance(started: RunContinuation[] = []): Promise<RunHandler> {
      const handler = createRunHandler({
        store: await stores.open(),
        identify: (request) => request.headers.get('x-user'),
        start: agent(started),
      });
      handlers.push(handler);
      return handler;
    }

    /** Runs the asking turn as `user` on `handler`; returns its run id. */
    async function ask(handler: RunHandler, user: string | null = 'ada'): Promise<string> {
      const response = await handler(postAs(user, { message: 'Tell ops and clean up' }));
      expect(response.status).toBe(200);
      const runId = response.headers.get('x-run-id')!;
      const events = parseSse(await response.text());
      expect(events.at(-1)?.event).toBe('done');
      return runId;
    }

    const continueRun = (
      handler: RunHandler,
      runId: string,
      answers: unknown[],
      user: string | null = 'ada',
      message = '',
    ) => handler(postAs(user, { message, continue: { run_id: runId, answers } }));

    /** Expects a refusal with this status and code, and that nothing ran. */
    async function expectRefused(
      response: Response,
      status: number,
      code: string,
      started: RunContinuation[],
    ) {
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(code);
      expect(body.error.message.length).toBeGreaterThan(10);
      expect(response.headers.get('x-run-id')).toBeNull();
      expect(started).toEqual([]);
    }

    it('hands start the checked answers, and the run goes on with results on the same call ids', async () => {
      const started: RunContinuation[] = [];
      const handler = await instance(started);
      const runId = await ask(handler);
      const response = await continueRun(handler, runId, [
        { call_id: 'call_email', approved: true, arguments: { to: 'oncall@example.com', subject: 'Outage' } },
        { call_id: 'call_tz', output: 'Europe/Berlin' },
        { call_id: 'call_delete', approved: false, reason: 'keep the logs' },
      ]);
      expect(response.status).toBe(200);
      const next = response.headers.get('x-run-id');
      expect(next).not.toBe(runId);
      const text = await response.text();

      expect(started).toHaveLength(1);
      expect(started[0]).toEqual({
        runId,
        state: { step: 1 },
        answers: [
          {
            id: 'call_email',
            name: 'send_email',
            kind: 'approval',
            args: { to: 'oncall@example.com', subject: 'Outage' },
            edited: true,
            delegation: null,
            answer: { type: 'approve' },
          },
          {
            id: 'call_tz',
            name: 'get_time_zone',
            kind: 'client',
            args: {},
            edited: false,
            delegation: null,
            answer: { type: 'output', output: 'Europe/Berlin' },
          },
          {
            id: 'call_delete',
            name: 'delete_file',
            kind: 'approval',
            args: { path: '/tmp/old.log' },
            edited: false,
            delegation: {
              id: 'call_files',
              tool: 'delegate_to_files_agent',
              agent: 'files_agent',
              parent: null,
            },
            answer: { type: 'deny', reason: 'keep the logs' },
          },
        ],
      });
      // The frames continue the calls the first run made: results on their ids, nested as they were.
      const results = parseSse(text)
        .filter((event) => event.event === undefined)
        .flatMap((event) => (JSON.parse(event.data) as { tool_calls: Record<string, unknown>[] }).tool_calls);
      expect(results.map((call) => [call.call_id, call.event_type])).toEqual([
        ['call_email', 'result'],
        ['call_tz', 'result'],
        ['call_delete', 'result'],
        ['call_files', 'delegation_result'],
      ]);
      expect(results[2]?.tool_call_details).toMatchObject({
        parent_call_id: 'call_files',
        agent: 'files_agent',
      });
      const snapshot = await reduceStream(text);
      expect(snapshot.text).toBe(
        'send_email done; time zone Europe/Berlin; delete_file denied (keep the logs)',
      );
    });

    it('keeps what a run asked for only when it ends waiting, and ends a run that asked with done', async () => {
      const handler = await instance();
      const runId = await ask(handler);
      const lookup = await handler.store.getPending(runId);
      expect(lookup?.answered).toBe(false);
      expect(lookup?.pending.owner).toBe('ada');
      expect(lookup?.pending.calls.map((call) => [call.id, call.kind, call.editable])).toEqual([
        ['call_email', 'approval', true],
        ['call_tz', 'client', false],
        ['call_delete', 'approval', false],
      ]);
    });

    it('refuses a continuation of a run that waits for nothing (unknown, or a run that asked nothing): 404', async () => {
      const started: RunContinuation[] = [];
      const handler = await instance(started);
      await expectRefused(await continueRun(handler, 'run_never', ALL_APPROVED), 404, 'not-waiting', started);
      // A run that asked nothing: a plain turn of another handler on the same store.
      const plain = createRunHandler({ store: handler.store, start: ({ writer }) => writer.text('hi') });
      handlers.push(plain);
      const response = await plain(postAs(null, { message: 'hi' }));
      const plainId = response.headers.get('x-run-id')!;
      await response.text();
      await expectRefused(await continueRun(handler, plainId, []), 404, 'not-waiting', started);
    });

    it('refuses an answer to a call the run did not ask about: 422, and the asks stay answerable', async () => {
      const started: RunContinuation[] = [];
      const handler = await instance(started);
      const runId = await ask(handler);
      await expectRefused(
        await continueRun(handler, runId, [...ALL_APPROVED, { call_id: 'call_rm_rf', approved: true }]),
        422,
        'unexpected-answer',
        started,
      );
      // A forged call id that looks like a prototype key is just an unknown call.
      await expectRefused(
        await continueRun(handler, runId, [...ALL_APPROVED, { call_id: '__proto__', approved: true }]),
        422,
        'unexpected-answer',
        started,
      );
      expect((await handler.store.getPending(runId))?.answered).toBe(false);
      const response = await continueRun(handler, runId, ALL_APPROVED);
      expect(response.status).toBe(200);
      await response.text();
      expect(started).toHaveLength(1);
    });

    it('refuses a call answered twice in one request: 422', async () => {
      const started: RunContinuation[] = [];
      const handler = await instance(started);
      const runId = await ask(handler);
      await expectRefused(
        await continueRun(handler, runId, [...ALL_APPROVED, { call_id: 'call_email', approved: false }]),
        422,
        'duplicate-answer',
        started,
      );
    });

    it('refuses a continuation that leaves a call unanswered: 422', async () => {
      const started: RunContinuation[] = [];
      const handler = await instance(started);
      const runId = await ask(handler);
      await expectRefused(
        await continueRun(handler, runId, ALL_APPROVED.slice(0, 2)),
        422,
        'missing-answer',
        started,
      );
      await expectRefused(await continueRun(handler, runId, []), 422, 'missing-answer', started);
    });

    it('refuses an answer of the wrong kind: 422', async () => {
      const started: RunContinuation[] = [];
      const handler = await instance(started);
      const runId = await ask(handler);
      const approvingTheBrowser = [ALL_APPROVED[0], { call_id: 'call_tz', approved: true }, ALL_APPROVED[2]];
      await expectRefused(
        await continueRun(handler, runId, approvingTheBrowser),
        422,
        'wrong-answer-kind',
        started,
      );
      const outputForApproval = [{ call_id: 'call_email', output: 'sent' }, ALL_APPROVED[1], ALL_APPROVED[2]];
      await expectRefused(
        await continueRun(handler, runId, outputForApproval),
        422,
        'wrong-answer-kind',
        started,
      );
      const valueForBrowser = [ALL_APPROVED[0], { call_id: 'call_tz', value: 'x' }, ALL_APPROVED[2]];
      await expectRefused(
        await continueRun(handler, runId, valueForBrowser),
        422,
        'wrong-answer-kind',
        started,
      );
    });

    it('refuses edited arguments on an approval that is not editable: 422', async () => {
      const started: RunContinuation[] = [];
      const handler = await instance(started);
      const runId = await ask(handler);
      const edited = [
        ALL_APPROVED[0],
        ALL_APPROVED[1],
        { call_id: 'call_delete', approved: true, arguments: { path: '/' } },
      ];
      await expectRefused(await continueRun(handler, runId, edited), 422, 'arguments-not-editable', started);
    });

    it('refuses a malformed continuation: 400', async () => {
      const started: RunContinuation[] = [];
      const handler = await instance(started);
      const runId = await ask(handler);
      const bodies: unknown[] = [
        { message: '', continue: 'yes' },
        { message: '', continue: { answers: ALL_APPROVED } },
        { message: '', continue: { run_id: runId, answers: {} } },
        { message: '', continue: { run_id: runId, answers: [{ approved: true }] } },
        { message: '', continue: { run_id: runId, answers: [{ call_id: 'call_email' }] } },
        { message: '', continue: { run_id: runId, answers: [{ call_id: 'call_email', approved: 'yes' }] } },
        {
          message: '',
          continue: { run_id: runId, answers: [{ call_id: 'call_email', approved: true, output: 1 }] },
        },
        { message: '', continue: { run_id: runId, answers: [{ call_id: 'call_tz', error: 42 }] } },
      ];
      for (const body of bodies) {
        await expectRefused(await handler(postAs('ada', body)), 400, 'bad-continuation', started);
      }
    });

    it('refuses another user, before saying anything else of the run: 403', async () => {
      const started: RunContinuation[] = [];
      const handler = await instance(started);
      const runId = await ask(handler, 'ada');
      await expectRefused(
        await continueRun(handler, runId, ALL_APPROVED, 'mallory'),
        403,
        'forbidden',
        started,
      );
      await expectRefused(await continueRun(handler, runId, ALL_APPROVED, null), 403, 'forbidden', started);
      // Even a malformed set of answers tells another user nothing more than "not yours".
      await expectRefused(await continueRun(handler, runId, [], 'mallory'), 403, 'forbidden', started);
      expect((await handler.store.getPending(runId))?.answered).toBe(false);
    });

    it('asks authorize with the continue action and the run that asked', async () => {
      const store = await stores.open();
      const seen: [string, string | null, string | null][] = [];
      const started: RunContinuation[] = [];
      const handler = createRunHandler({
        store,
        identify: (request) => request.headers.get('x-user'),
        authorize: (_request, run, action, identity) => {
          seen.push([action, run?.id ?? null, identity]);
          return action !== 'continue' || identity === 'admin' || run?.owner === identity;
        },
        start: agent(started),
      });
      handlers.push(handler);
      const runId = await ask(handler, 'ada');
      await expectRefused(await continueRun(handler, runId, ALL_APPROVED, 'eve'), 403, 'forbidden', started);
      const response = await continueRun(handler, runId, ALL_APPROVED, 'admin');
      expect(response.status).toBe(200);
      await response.text();
      expect(seen).toEqual([
        ['start', null, 'ada'],
        ['start', null, 'eve'],
        ['continue', runId, 'eve'],
        ['start', null, 'admin'],
        ['continue', runId, 'admin'],
      ]);
    });

    it('refuses a second continuation of the same run: 409', async () => {
      const started: RunContinuation[] = [];
      const handler = await instance(started);
      const runId = await ask(handler);
      const first = await continueRun(handler, runId, ALL_APPROVED);
      expect(first.status).toBe(200);
      await first.text();
      const second = await continueRun(handler, runId, ALL_APPROVED);
      expect(second.status).toBe(409);
      expect(((await second.json()) as { error: { code: string } }).error.code).toBe('already-answered');
      expect(started).toHaveLength(1);
    });

    it('lets one of two continuations sent at once go on, on two instances', async () => {
      const started: RunContinuation[] = [];
      const a = await instance(started);
      const b = await instance(started);
      const runId = await ask(a);
      const answers = [{ call_id: 'call_email', approved: false, reason: 'no' }, ...ALL_APPROVED.slice(1)];
      const responses = await Promise.all([
        continueRun(a, runId, ALL_APPROVED),
        continueRun(b, runId, answers),
        continueRun(a, runId, answers),
        continueRun(b, runId, ALL_APPROVED),
      ]);
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409]);
      await Promise.all(responses.map((response) => response.text()));
      expect(started).toHaveLength(1);
    });

    it('asks on one instance and continues on another', async () => {
      const startedOnA: RunContinuation[] = [];
      const startedOnB: RunContinuation[] = [];
      const a = await instance(startedOnA);
      const b = await instance(startedOnB);
      const runId = await ask(a);
      const response = await continueRun(b, runId, ALL_APPROVED);
      expect(response.status).toBe(200);
      const snapshot = await reduceStream(await response.text());
      expect(snapshot.text).toBe('send_email done; time zone Europe/Berlin; delete_file done');
      expect(startedOnA).toEqual([]);
      expect(startedOnB.map((continuation) => continuation.runId)).toEqual([runId]);
    });

    it('takes a new message with the continuation (the calls it leaves denied)', async () => {
      const started: RunContinuation[] = [];
      const handler = await instance(started);
      const runId = await ask(handler);
      const reason = 'The user did not answer, and sent a new message instead: "never mind"';
      const response = await continueRun(
        handler,
        runId,
        [
          { call_id: 'call_email', approved: false, reason },
          { call_id: 'call_tz', error: reason },
          { call_id: 'call_delete', approved: false, reason },
        ],
        'ada',
        'never mind',
      );
      expect(response.status).toBe(200);
      await response.text();
      expect(started[0]?.answers.map((answer) => answer.answer.type)).toEqual(['deny', 'error', 'deny']);
    });

    it('keeps no asks for a run that fails or is answered in the same run', async () => {
      const store = await stores.open();
      const handler = createRunHandler({
        store,
        start: ({ writer, body }) => {
          const call = writer.toolCall('send_email', { awaiting: 'approval' });
          if (body.message === 'fail') throw new Error('model down');
          call.result('sent by policy');
        },
      });
      handlers.push(handler);
      for (const message of ['fail', 'answered']) {
        const response = await handler(postAs(null, { message }));
        const runId = response.headers.get('x-run-id')!;
        await response.text();
        expect(await store.getPending(runId)).toBeNull();
      }
    });
  });
}
