/**
 * The continuation scenarios end to end with the real core store (PROTOCOL.md §11): a turn ends
 * waiting, the person (or a client tool) answers through the store's API, the store sends the
 * continuation by itself, the mock checks it on `@toolstream/server` and plays the section the
 * answers pick. Run against the mock server on loopback (server/continuations.test.ts) and
 * through MSW (msw/continuations.test.ts).
 */
import {
  type AssistantMessageState,
  createToolStreamStore,
  defineTools,
  latestAnswer,
  messageText,
  type ToolStreamStore,
  type ToolStreamStoreOptions,
} from '@toolstream/core';
import { describe, expect, it } from 'vitest';

/** Where the suite's stores go. */
export interface E2eTarget {
  /** Opens a backend for one test; returns its endpoint. */
  open(): Promise<string>;
}

/** A backend for one test, and a fetch that records the JSON bodies of the POSTs made to it. */
async function openRecorded(target: E2eTarget) {
  const endpoint = await target.open();
  const posts: Record<string, unknown>[] = [];
  const recording: typeof fetch = (input, init) => {
    if ((init?.method ?? 'GET').toUpperCase() === 'POST' && typeof init?.body === 'string') {
      posts.push(JSON.parse(init.body) as Record<string, unknown>);
    }
    return fetch(input, init);
  };
  return { endpoint, posts, fetch: recording };
}

type Tools = {
  get_time_zone: { args: Record<string, never>; result: string };
  get_location: { args: { accuracy: string }; result: string };
};

async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const answerOf = (store: ToolStreamStore) => latestAnswer(store.getState()) as AssistantMessageState;

/** The turn ended (not still streaming or continuing) with this outcome. */
async function endedWith(store: ToolStreamStore, outcome: string): Promise<AssistantMessageState> {
  await until(
    () => store.getState().status !== 'streaming' && answerOf(store)?.end?.outcome === outcome,
    `the turn to end ${outcome} (now ${answerOf(store)?.end?.outcome ?? 'open'})`,
  );
  return answerOf(store);
}

/** The suite, against one kind of target. */
export function continuationE2e(name: string, target: E2eTarget): void {
  describe(`continuations end to end with the core store (${name})`, () => {
    async function conversation(scenario: string, options: ToolStreamStoreOptions = {}) {
      const { endpoint, posts, fetch } = await openRecorded(target);
      const store = createToolStreamStore({
        endpoint: `${endpoint}?scenario=${scenario}`,
        fetch,
        ...options,
      });
      await store.send('Go ahead');
      const waiting = await endedWith(store, 'awaiting-input');
      return { store, posts, waiting };
    }

    it('approve: the run goes on in the same answer, once', async () => {
      const { store, posts, waiting } = await conversation('approval-granted');
      const id = 'call_1_restart_service';
      expect(waiting.calls[id]).toMatchObject({ status: 'awaiting-input', input: { kind: 'approval' } });
      expect(store.approve(waiting.id, id)).toBe(true);
      const done = await endedWith(store, 'done');
      expect(done.id).toBe(waiting.id);
      expect(done.calls[id]).toMatchObject({
        status: 'complete',
        result: { text: 'payments-api restarted; 3/3 instances healthy' },
      });
      expect(messageText(done)).toContain(
        'Restarted: all three instances of payments-api are healthy again.',
      );
      expect(posts).toHaveLength(2);
      expect(posts[1]).toMatchObject({
        message: 'Go ahead',
        continue: { run_id: waiting.end?.runId, answers: [{ call_id: id, approved: true }] },
      });
      expect(store.getState().errors).toEqual([]);
    });

    it('deny with a reason: the call is denied and the model’s text quotes the reason', async () => {
      const { store, waiting } = await conversation('approval-denied');
      const reason = 'We need those records for the audit — keep them.';
      store.deny(waiting.id, 'call_1_delete_records', reason);
      const done = await endedWith(store, 'done');
      expect(done.calls.call_1_delete_records?.status).toBe('denied');
      expect(messageText(done)).toContain(`You said: "${reason}"`);
      expect(store.getState().errors).toEqual([]);
    });

    it('approve with edited arguments: the result uses them', async () => {
      const { store, waiting } = await conversation('approval-edited');
      const id = 'call_1_send_email';
      expect(waiting.calls[id]?.input).toMatchObject({ editable: true, message: 'Send this email?' });
      store.approve(waiting.id, id, {
        args: { to: 'cto@example.com', subject: 'INC-204 "resolved"', body: 'All clear.' },
      });
      const done = await endedWith(store, 'done');
      expect(done.calls[id]?.result?.text).toBe('Sent to cto@example.com: "INC-204 "resolved""');
      expect(messageText(done)).toContain('Sent to cto@example.com with the subject "INC-204 "resolved"".');
    });

    it('two approvals at once: one approved, one denied, both answered in one continuation', async () => {
      const { store, posts, waiting } = await conversation('approvals-parallel');
      store.approve(waiting.id, 'call_1_book_flight');
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(posts).toHaveLength(1); // the store waits for every answer
      store.deny(waiting.id, 'call_2_book_hotel', 'Too expensive');
      const done = await endedWith(store, 'done');
      expect(done.calls.call_1_book_flight?.status).toBe('complete');
      expect(done.calls.call_2_book_hotel?.status).toBe('denied');
      expect(messageText(done)).toContain('The flight is booked (K7Q2LP). I did not book the hotel.');
      expect((posts[1]!.continue as { answers: unknown[] }).answers).toHaveLength(2);
    });

    it('an approval inside a sub-agent: the delegation stays open, then goes on and completes', async () => {
      const { store, waiting } = await conversation('approval-in-subagent');
      const delegation = 'call_1_delegate_to_ops_agent';
      const scale = 'call_2_scale_cluster';
      expect(waiting.calls[scale]).toMatchObject({ status: 'awaiting-input', parentId: delegation });
      store.approve(waiting.id, scale);
      const done = await endedWith(store, 'done');
      expect(done.calls[scale]?.status).toBe('complete');
      expect(done.calls[delegation]).toMatchObject({ status: 'complete' });
      expect(done.calls[delegation]?.result?.text).toBe(
        'Scaled checkout to 12 nodes; p95 latency is back under 300 ms.',
      );
      expect(messageText(done)).toContain('scaled checkout to 12 nodes');
    });

    it('a client tool (defineTools): its output reaches the server and the answer uses it', async () => {
      const tools = defineTools<Tools>({ get_time_zone: { execute: () => 'Asia/Seoul' } });
      const { endpoint, posts, fetch } = await openRecorded(target);
      const store = createToolStreamStore({ endpoint: `${endpoint}?scenario=client-tool`, tools, fetch });
      await store.send('When can we meet?');
      const done = await endedWith(store, 'done');
      expect(done.calls.call_1_get_time_zone).toMatchObject({
        status: 'complete',
        result: { text: 'Asia/Seoul' },
      });
      expect(messageText(done)).toContain('You are in Asia/Seoul, so I suggest 10:00');
      expect((posts[1]!.continue as { answers: unknown[] }).answers).toEqual([
        { call_id: 'call_1_get_time_zone', output: 'Asia/Seoul' },
      ]);
    });

    it('a client tool that throws: the error reaches the server and the model says so', async () => {
      const tools = defineTools<Tools>({
        get_location: {
          execute: () => {
            throw new Error('Location access was blocked');
          },
        },
      });
      const { endpoint, fetch } = await openRecorded(target);
      const store = createToolStreamStore({
        endpoint: `${endpoint}?scenario=client-tool-error`,
        tools,
        fetch,
      });
      await store.send('Coffee near me?');
      const done = await endedWith(store, 'done');
      expect(done.calls.call_1_get_location?.status).toBe('error');
      expect(messageText(done)).toContain('I could not get your location: Location access was blocked.');
    });

    it('a continuation the server refuses: a 404 the store shows as the turn’s error', async () => {
      const { store, waiting } = await conversation('continuation-rejected');
      store.approve(waiting.id, 'call_1_rebuild_index');
      await until(() => store.getState().errors.length > 0, 'the refusal');
      const error = store.getState().errors.at(-1)!;
      expect(error).toMatchObject({ status: 404 });
      expect(error.message).toContain('waits for no answers');
    });
  });
}
