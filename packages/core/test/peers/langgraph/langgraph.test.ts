import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLangGraphTransport } from '../../../src/adapters/providers/index.js';
import { findCall } from '../../../src/reducer/find.js';
import type { AssistantMessageState, ToolCallState, ToolStreamState } from '../../../src/reducer/state.js';
import { lookup } from '../../../src/reducer/table.js';
import { messageText } from '../../../src/snapshot/snapshot.js';
import { createToolStreamStore } from '../../../src/store/create-store.js';
import { waitForState } from '../../transport/wait-for.js';
import { type LangGraphServer, startLangGraphServer } from './langgraph-server.js';

/** A request the client sent, as a fetch wrapper saw it. */
interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | null;
}

/** `fetch`, recording each request; `cutAfter` bytes into the first run stream, the connection drops. */
function recordingFetch(sent: Sent[], cutAfter?: number): typeof fetch {
  let cut = cutAfter === undefined;
  return async (input, init) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    sent.push({ method: init?.method ?? 'GET', url: String(input), headers, body });
    const response = await fetch(input, init);
    if (cut || !String(input).endsWith('/runs/stream') || response.body === null) return response;
    cut = true;
    // Passes `cutAfter` bytes on, then fails the body as a network drop would.
    let passed = 0;
    const reader = response.body.getReader();
    const dropped = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        if (passed + value.length >= cutAfter!) {
          controller.enqueue(value.subarray(0, cutAfter! - passed));
          await reader.cancel();
          controller.error(new TypeError('network connection lost'));
          return;
        }
        passed += value.length;
        controller.enqueue(value);
      },
    });
    return new Response(dropped, { status: response.status, headers: response.headers });
  };
}

const answerOf = (state: ToolStreamState) => state.messages.at(-1) as AssistantMessageState;
const callsOf = (answer: AssistantMessageState): ToolCallState[] =>
  answer.callOrder.map((id) => lookup(answer.calls, id)!);
const section = (answer: AssistantMessageState, name: string) =>
  callsOf(answer).find((call) => call.kind === 'delegation' && call.toolName === name);

/** What a supervisor turn must show: its text, then each sub-agent's section with its own work. */
function expectSupervisorAnswer(answer: AssistantMessageState): void {
  expect(answer.end?.outcome).toBe('done');
  expect(messageText(answer)).toBe('Routing to the researcher, then the writer.');
  expect(
    answer.parts.map((part) =>
      part.type === 'tool-call' ? lookup(answer.calls, part.callId)!.toolName : part.type,
    ),
  ).toEqual(['text', 'researcher', 'writer']);
  const researcher = section(answer, 'researcher')!;
  expect(researcher).toMatchObject({
    kind: 'delegation',
    agent: 'researcher',
    parentId: null,
    status: 'complete',
  });
  expect(researcher.result?.text).toBe('Looking it up. \n\nResearch done: 18C and foggy in San Francisco.');
  const nested = lookup(answer.children, researcher.id)!.map((id) => lookup(answer.calls, id)!);
  expect(nested).toHaveLength(1);
  expect(nested[0]).toMatchObject({
    toolName: 'get_weather',
    kind: 'tool',
    parentId: researcher.id,
    args: { city: 'San Francisco' },
    status: 'complete',
  });
  expect(nested[0]!.result?.text).toBe('18C and foggy in San Francisco.');
  const writer = section(answer, 'writer')!;
  expect(writer).toMatchObject({ kind: 'delegation', parentId: null, status: 'complete' });
  expect(lookup(answer.children, writer.id)).toBeUndefined();
}

/**
 * The store, through the LangGraph transport, against a real LangGraph API server
 * (`@langchain/langgraph-api`, in memory, on loopback) running a supervisor graph with two
 * sub-agents as subgraphs on a scripted model.
 */
describe('LangGraph API server (supervisor with two sub-agents)', () => {
  let server: LangGraphServer;
  beforeAll(async () => {
    server = await startLangGraphServer();
  }, 120_000);
  afterAll(() => server?.stop());

  it('shows each sub-agent as a nested section while it works, over several turns of one thread', async () => {
    const sent: Sent[] = [];
    const threads: string[] = [];
    const transport = createLangGraphTransport({
      apiUrl: server.apiUrl,
      assistantId: 'supervisor',
      fetch: recordingFetch(sent),
      onThreadId: (id) => threads.push(id),
    });
    const store = createToolStreamStore({ transport, schedule: 'sync' });
    // What was on screen while the run streamed: each time the researcher's nested call was
    // seen before the writer began, and the writer's section while it was still open.
    const seen = { nestedCallWhileResearching: false, writerOpenWithText: false };
    const unsubscribe = store.subscribe((state) => {
      if (state.status !== 'streaming') return;
      const answer = answerOf(state);
      if (answer?.role !== 'assistant') return;
      const researcher = section(answer, 'researcher');
      const writer = section(answer, 'writer');
      if (
        researcher !== undefined &&
        writer === undefined &&
        (lookup(answer.children, researcher.id)?.length ?? 0) > 0
      ) {
        seen.nestedCallWhileResearching = true;
      }
      if (writer !== undefined && writer.status !== 'complete' && (writer.result?.text ?? '') !== '') {
        seen.writerOpenWithText = true;
      }
    });

    await store.send('Forecast for SF please');
    unsubscribe();
    let state = store.getState();
    expect(state.errors).toEqual([]);
    expectSupervisorAnswer(answerOf(state));
    expect(seen).toEqual({ nestedCallWhileResearching: true, writerOpenWithText: true });
    expect(threads).toHaveLength(1);
    const run = sent.find((request) => request.url.endsWith('/runs/stream'))!;
    expect(run.url).toBe(`${server.apiUrl}/threads/${threads[0]}/runs/stream`);
    expect(run.body).toMatchObject({
      assistant_id: 'supervisor',
      input: { messages: [{ id: state.messages[0]!.id, role: 'user', content: 'Forecast for SF please' }] },
      stream_subgraphs: true,
      stream_resumable: true,
    });

    // The next turn runs on the same thread; what the thread already had is not shown again.
    await store.send('And for Oakland?');
    state = store.getState();
    expect(state.errors).toEqual([]);
    expectSupervisorAnswer(answerOf(state));
    expect(threads).toHaveLength(1);
    expect(sent.filter((request) => request.url.endsWith('/runs/stream')).map((r) => r.url)).toEqual([
      run.url,
      run.url,
    ]);

    // Regenerate forks the thread from the checkpoint before the user message.
    await store.regenerate();
    state = store.getState();
    expect(state.errors).toEqual([]);
    expectSupervisorAnswer(answerOf(state));
    expect(answerOf(state).versions).toHaveLength(1);
    const fork = sent.filter((request) => request.url.endsWith('/runs/stream')).at(-1)!;
    expect(fork.body?.checkpoint).toMatchObject({ checkpoint_id: expect.any(String) });
    expect(sent.some((request) => request.url.endsWith(`/threads/${threads[0]}/history`))).toBe(true);
  }, 60_000);

  it('stops a run: the server cancels it, what arrived stays', async () => {
    const sent: Sent[] = [];
    const transport = createLangGraphTransport({
      apiUrl: server.apiUrl,
      assistantId: 'supervisor',
      fetch: recordingFetch(sent),
    });
    const store = createToolStreamStore({ transport, schedule: 'sync' });
    const sending = store.send('Forecast slowly please');
    await waitForState(
      store,
      (s) => (section(answerOf(s), 'writer')?.result?.text ?? '').includes('word3 '),
      'the writer writing',
      30_000,
    );
    await store.stop();
    await sending;
    const answer = answerOf(store.getState());
    expect(answer.end?.outcome).toBe('stopped');
    const writer = section(answer, 'writer')!;
    expect(writer.result?.text).toMatch(/^word0 word1 word2 word3 /);
    expect(writer.result?.text).not.toContain('word59');
    const cancel = sent.find((request) => request.url.endsWith('/cancel'))!;
    const runId = store.getState().run.runId!;
    expect(cancel.url).toBe(`${server.apiUrl}/threads/${transport.threadId}/runs/${runId}/cancel`);
    // The run is over on the server, not finished: it was interrupted.
    await expect
      .poll(
        async () => {
          const response = await fetch(`${server.apiUrl}/threads/${transport.threadId}/runs/${runId}`);
          return ((await response.json()) as { status: string }).status;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe('interrupted');
  }, 60_000);

  it('re-attaches after a dropped connection with Last-Event-ID, and shows nothing twice', async () => {
    const sent: Sent[] = [];
    const transport = createLangGraphTransport({
      apiUrl: server.apiUrl,
      assistantId: 'supervisor',
      fetch: recordingFetch(sent, 6000),
      reconnect: { initialDelayMs: 50, maxDelayMs: 200 },
    });
    const store = createToolStreamStore({ transport, schedule: 'sync' });
    await store.send('Forecast slowly please');
    const state = store.getState();
    expect(state.errors).toEqual([]);
    const answer = answerOf(state);
    expect(answer.end?.outcome).toBe('done');
    expect(messageText(answer)).toBe('Routing to the researcher, then the writer.');
    const researcher = section(answer, 'researcher')!;
    expect(researcher.result?.text).toBe('Looking it up. \n\nResearch done: 18C and foggy in San Francisco.');
    expect(lookup(answer.children, researcher.id)).toHaveLength(1);
    const writer = section(answer, 'writer')!;
    expect(writer.result?.text).toBe(Array.from({ length: 60 }, (_, i) => `word${i} `).join(''));
    // The second connection re-attached to the run (not a new run), after the last event it applied.
    const runId = state.run.runId!;
    const reattach = sent.find((request) => request.method === 'GET' && request.url.includes('/stream'))!;
    expect(reattach.url).toBe(`${server.apiUrl}/threads/${transport.threadId}/runs/${runId}/stream`);
    expect(Number(reattach.headers['last-event-id'])).toBeGreaterThan(0);
    expect(sent.filter((request) => request.url.endsWith('/runs/stream'))).toHaveLength(1);
    expect(findCall(state, answer.id, researcher.id)?.status).toBe('complete');
  }, 60_000);

  it('asks for approval at an interrupt about a call, and resumes the thread with the answer', async () => {
    const sent: Sent[] = [];
    const transport = createLangGraphTransport({
      apiUrl: server.apiUrl,
      assistantId: 'approvals',
      fetch: recordingFetch(sent),
    });
    const store = createToolStreamStore({ transport, schedule: 'sync' });
    const runs = () => sent.filter((request) => request.url.endsWith('/runs/stream'));

    /** A turn that ends at the review, with its call waiting. */
    const ask = async (path: string) => {
      await store.send(`Please delete ${path}`);
      const state = store.getState();
      const answer = answerOf(state);
      expect(answer.end?.outcome).toBe('awaiting-input');
      expect(state.errors).toEqual([]);
      const call = callsOf(answer).find((c) => c.toolName === 'delete_file')!;
      expect(call).toMatchObject({ status: 'awaiting-input', args: { path } });
      // The interrupt's value names the call: an approval on it, editable as `allowed` says.
      expect(call.input).toMatchObject({
        kind: 'approval',
        editable: true,
        message: `Delete ${path}?`,
        answer: null,
      });
      expect(typeof call.input!.ref).toBe('string');
      return { answer, call };
    };
    const resumed = async (answerId: string) => {
      await waitForState(store, (s) => answerOf(s).end?.outcome === 'done', 'the resumed run to end');
      const state = store.getState();
      expect(state.errors).toEqual([]);
      const answer = answerOf(state);
      expect(answer.id).toBe(answerId);
      const last = runs().at(-1)!.body!;
      expect(last).not.toHaveProperty('input');
      expect(last).not.toHaveProperty('checkpoint');
      return { answer, command: last.command };
    };

    // Approved: the same answer goes on with the tool's result and the model's next words.
    let { answer, call } = await ask('a.txt');
    expect(store.approve(answer.id, call.id)).toBe(true);
    let after = await resumed(answer.id);
    expect(after.command).toEqual({ resume: { action: 'approve' } });
    let done = findCall(store.getState(), answer.id, call.id)!;
    expect(done).toMatchObject({ status: 'complete' });
    expect(done.result?.text).toBe('Deleted a.txt.');
    expect(messageText(after.answer)).toContain('Result: Deleted a.txt.');

    // Approved with other arguments: an edit.
    ({ answer, call } = await ask('b.txt'));
    expect(store.approve(answer.id, call.id, { args: { path: 'c.txt' } })).toBe(true);
    after = await resumed(answer.id);
    expect(after.command).toEqual({ resume: { action: 'edit', args: { path: 'c.txt' } } });
    done = findCall(store.getState(), answer.id, call.id)!;
    expect(done.result?.text).toBe('Deleted c.txt.');
    expect(done.args).toEqual({ path: 'c.txt' });

    // Denied with a reason: the graph answers the call with it.
    ({ answer, call } = await ask('d.txt'));
    expect(store.deny(answer.id, call.id, 'not now')).toBe(true);
    after = await resumed(answer.id);
    expect(after.command).toEqual({ resume: { action: 'reject', reason: 'not now' } });
    done = findCall(store.getState(), answer.id, call.id)!;
    expect(done.status).toBe('denied');
    expect(done.result?.text).toBe('Not deleted: not now.');
    expect(messageText(after.answer)).toContain('Result: Not deleted: not now.');
  }, 60_000);

  it('asks the question of an interrupt() in a sub-agent, keeps its section open, and resumes it', async () => {
    const sent: Sent[] = [];
    const transport = createLangGraphTransport({
      apiUrl: server.apiUrl,
      assistantId: 'questions',
      fetch: recordingFetch(sent),
    });
    const store = createToolStreamStore({ transport, schedule: 'sync' });
    await store.send('Plan a trip');
    let state = store.getState();
    let answer = answerOf(state);
    expect(state.errors).toEqual([]);
    expect(answer.end?.outcome).toBe('awaiting-input');
    const asker = section(answer, 'asker')!;
    // The section of the sub-agent that asked stays open while its question waits.
    expect(asker.status).not.toBe('complete');
    const [questionId] = lookup(answer.children, asker.id)!;
    const question = lookup(answer.calls, questionId!)!;
    expect(question).toMatchObject({ status: 'awaiting-input', parentId: asker.id });
    expect(question.input).toMatchObject({ kind: 'input', message: 'Which city?', editable: false });

    expect(store.respond(answer.id, question.id, { value: 'Lisbon' })).toBe(true);
    await waitForState(store, (s) => answerOf(s).end?.outcome === 'done', 'the resumed run to end');
    state = store.getState();
    expect(state.errors).toEqual([]);
    answer = answerOf(state);
    const runs = sent.filter((request) => request.url.endsWith('/runs/stream'));
    expect(runs.at(-1)!.body!.command).toEqual({ resume: 'Lisbon' });
    // The same section goes on and ends with the sub-agent's answer.
    expect(callsOf(answer).filter((call) => call.kind === 'delegation')).toHaveLength(1);
    const ended = section(answer, 'asker')!;
    expect(ended.status).toBe('complete');
    expect(ended.result?.text).toBe('You chose Lisbon.');
    expect(lookup(answer.calls, question.id)).toMatchObject({
      status: 'complete',
      input: { answer: { type: 'value', value: 'Lisbon' }, sent: true },
    });
  }, 60_000);
});
