/**
 * Property: over conversations that mix approvals, client tools, sub-agents, answers, stops,
 * retries and new messages, against a server that keeps what each run asked and checks every
 * continuation as PROTOCOL.md §11 says — no call runs unanswered, none is answered twice, and
 * every answer the client gave reaches the server exactly once.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8 } from '../../test/harness.js';
import { call, frame, sse, text, tools } from '../../test/sse-builder.js';
import type { Continuation, InputAnswer } from '../input/answers.js';
import { unanswered } from '../input/answers.js';
import { latestAnswer } from '../reducer/find.js';
import type { AssistantMessageState, ChatMessage } from '../reducer/state.js';
import { lookup } from '../reducer/table.js';
import { defineTools } from '../tools/typed-tools.js';
import type { ToolStreamTransport, TurnRequest } from '../transport/transport.js';
import { createToolStreamStore } from './create-store.js';

type AskKind = 'approval' | 'client' | 'client-throws';
/** What a run asks for: calls, each top level or inside a sub-agent's delegation. */
type Asks = { kind: AskKind; nested: boolean }[];

type Step =
  | { type: 'send'; asks: Asks }
  | { type: 'approve'; pick: number; edit: boolean }
  | { type: 'deny'; pick: number }
  | { type: 'answer-again'; pick: number }
  | { type: 'stop' }
  | { type: 'retry'; asks: Asks };

const asks: fc.Arbitrary<Asks> = fc.array(
  fc.record({ kind: fc.constantFrom<AskKind>('approval', 'client', 'client-throws'), nested: fc.boolean() }),
  { maxLength: 3 },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ type: fc.constant('send' as const), asks }),
  fc.record({ type: fc.constant('approve' as const), pick: fc.nat(3), edit: fc.boolean() }),
  fc.record({ type: fc.constant('deny' as const), pick: fc.nat(3) }),
  fc.record({ type: fc.constant('answer-again' as const), pick: fc.nat(3) }),
  fc.constant({ type: 'stop' as const }),
  fc.record({ type: fc.constant('retry' as const), asks }),
);

const toolName = (kind: AskKind) =>
  kind === 'approval' ? 'send_email' : kind === 'client' ? 'get_time_zone' : 'read_clipboard';

/**
 * A backend that keeps what each run asked (as `@toolstream/server` does) and refuses any
 * continuation that does not answer exactly those calls, once; it "runs" an approved call by
 * writing its result, and may ask again in the continuation (`nextAsks`).
 */
function checkingServer(nextAsks: Asks[]) {
  const pending = new Map<string, Map<string, AskKind>>();
  const received = new Map<string, number>();
  const askedKinds = new Map<string, AskKind>();
  const answersGot: InputAnswer[] = [];
  const refused: string[] = [];
  let runs = 0;
  let asked = 0;
  let continuations = 0;

  const askFrames = (ask: Asks, asks: Map<string, AskKind>) =>
    ask.flatMap(({ kind, nested }) => {
      const id = `c${++asked}`;
      asks.set(id, kind);
      askedKinds.set(id, kind);
      const details: Record<string, unknown> = {
        arguments: { n: asked },
        awaiting: kind === 'approval' ? 'approval' : 'client',
        editable: kind === 'approval',
      };
      if (!nested) return [tools(call({ id, name: toolName(kind), details }))];
      const delegation = `d${asked}`;
      return [
        tools(
          call({ id: delegation, type: 'delegation_call', name: 'ask_agent', details: { agent: 'helper' } }),
        ),
        tools(call({ id, name: toolName(kind), details: { ...details, parent_call_id: delegation } })),
      ];
    });

  /** Checks a continuation; returns why it is refused, or null. */
  const check = (continuation: Continuation): string | null => {
    const asks = continuation.runId === null ? undefined : pending.get(continuation.runId);
    if (asks === undefined) return `run ${continuation.runId} asked nothing, or was answered already`;
    const answered = new Set<string>();
    for (const { callId, answer } of continuation.answers) {
      const kind = asks.get(callId);
      if (kind === undefined) return `${callId} was not asked`;
      if (answered.has(callId)) return `${callId} answered twice`;
      answered.add(callId);
      const fits =
        kind === 'approval'
          ? answer.type === 'approve' || answer.type === 'deny'
          : answer.type === 'output' || answer.type === 'error';
      if (!fits) return `${callId} answered with ${answer.type}`;
    }
    if (answered.size !== asks.size) return 'a call asked for was not answered';
    return null;
  };

  const respond = (request: TurnRequest): string => {
    const runId = `run_${++runs}`;
    const frames: ReturnType<typeof text>[] = [];
    const continuation = request.continuation;
    let ask: Asks = [];
    if (continuation !== undefined) {
      const why = check(continuation);
      if (why !== null) {
        refused.push(why);
        throw new Error(`HTTP 409: ${why}`);
      }
      pending.delete(continuation.runId!);
      for (const answer of continuation.answers) {
        received.set(answer.callId, (received.get(answer.callId) ?? 0) + 1);
        answersGot.push(answer);
      }
      for (const { callId, answer } of continuation.answers) {
        if (answer.type === 'approve') {
          frames.push(tools(call({ id: callId, type: 'result', name: 'send_email', response: 'Sent.' })));
        } else if (answer.type === 'deny') {
          frames.push(tools(call({ id: callId, type: 'result', name: 'send_email', response: 'Denied.' })));
        }
      }
      if (request.trigger === 'continue') ask = nextAsks[continuations++] ?? []; // each once: a backend that always asks never ends
    }
    if (request.trigger !== 'continue') ask = plannedAsks.shift() ?? [];
    const asks = new Map<string, AskKind>();
    frames.push(text('Working on it. '), ...askFrames(ask, asks));
    if (asks.size > 0) pending.set(runId, asks);
    currentRunId = runId;
    return sse(...frames, frame('', { event: 'done' }));
  };

  let currentRunId = '';
  const plannedAsks: Asks[] = [];
  const transport: ToolStreamTransport = {
    async send(request, sink, signal) {
      sink.status('connecting');
      const body = respond(request);
      sink.open();
      await Promise.resolve();
      sink.runId(currentRunId);
      sink.status('streaming');
      if (signal.aborted) throw new Error('aborted');
      sink.chunk(utf8(body));
    },
    resume() {
      return Promise.reject(new Error('nothing to resume'));
    },
    async cancel() {},
  };
  return { transport, plannedAsks, received, askedKinds, answersGot, refused };
}

const settle = async () => {
  for (let i = 0; i < 6; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** Every answer of every turn, versions too. */
function allAnswers(messages: readonly ChatMessage[]): AssistantMessageState[] {
  return messages.flatMap((m) => (m.role === 'assistant' ? [...m.versions, m] : []));
}

describe('calls that wait, over random conversations', () => {
  it('no call runs unanswered, none is answered twice, every answer reaches the server once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 12 }),
        fc.array(asks, { maxLength: 3 }),
        async (steps, nextAsks) => {
          const server = checkingServer(nextAsks);
          const clientRuns: string[] = [];
          let ids = 0;
          const store = createToolStreamStore({
            transport: server.transport,
            schedule: 'sync',
            generateId: () => `m${++ids}`,
            tools: defineTools<{
              get_time_zone: { args: { n: number }; result: string };
              read_clipboard: { args: { n: number }; result: string };
            }>({
              get_time_zone: {
                execute: async (_args, { call }) => {
                  clientRuns.push(call.id);
                  return 'Europe/Oslo';
                },
              },
              read_clipboard: {
                execute: async (_args, { call }) => {
                  clientRuns.push(call.id);
                  throw new Error('No permission.');
                },
              },
            }),
          });
          for (const s of steps) {
            const last = latestAnswer(store.getState());
            const waiting = last == null ? [] : unanswered(last).filter((c) => c.input!.kind === 'approval');
            const target =
              waiting.length === 0 ? undefined : waiting[('pick' in s ? s.pick : 0) % waiting.length];
            switch (s.type) {
              case 'send':
                server.plannedAsks.push(s.asks);
                await store.send(`message ${ids}`);
                break;
              case 'retry':
                if (last == null) break;
                server.plannedAsks.push(s.asks);
                await store.retry();
                break;
              case 'approve':
                if (target !== undefined && last != null)
                  store.approve(last.id, target.id, s.edit ? { args: { n: -1 } } : {});
                break;
              case 'deny':
                if (target !== undefined && last != null) store.deny(last.id, target.id, 'No.');
                break;
              case 'answer-again': {
                // Answering a call that has its answer already changes nothing.
                const answeredCall = last?.callOrder
                  .map((id) => lookup(last.calls, id)!)
                  .find((c) => c.input?.answer != null);
                if (answeredCall !== undefined && last != null) {
                  expect(store.approve(last.id, answeredCall.id)).toBe(false);
                  expect(store.deny(last.id, answeredCall.id, 'again')).toBe(false);
                }
                break;
              }
              case 'stop':
                await store.stop();
                break;
            }
            await settle();
          }
          await settle();

          // The client never sent a continuation the server had to refuse.
          expect(server.refused).toEqual([]);
          // None answered twice, and every answer the client sent reached the server once.
          for (const [, count] of server.received) expect(count).toBe(1);
          const sent = allAnswers(store.getState().messages).flatMap((m) =>
            m.callOrder
              .map((id) => lookup(m.calls, id)!)
              .filter((c) => c.input?.sent === true && c.input.answer !== null),
          );
          for (const c of sent) expect(server.received.get(c.id)).toBe(1);
          // No call runs unanswered: with no policy, only the person approves (the server runs
          // nothing else), a new message denies; the browser runs each call handed to it at most
          // once, and only those.
          for (const { answer } of server.answersGot) {
            if (answer.type === 'approve') expect(answer.by).toBe('user');
            if (answer.type === 'deny') expect(['user', 'new-message']).toContain(answer.by);
          }
          expect(new Set(clientRuns).size).toBe(clientRuns.length);
          for (const id of clientRuns) expect(server.askedKinds.get(id)).toMatch(/^client/);
          // A last turn left waiting has a call still without its answer (else it went on by itself).
          const last = latestAnswer(store.getState());
          if (last?.end?.outcome === 'awaiting-input' && store.getState().status !== 'streaming') {
            expect(unanswered(last).length).toBeGreaterThan(0);
          }
          store.release();
        },
      ),
      { numRuns: Number(process.env.RUNS ?? (process.env.CI ? 60 : 150)) },
    );
  });
});
