/**
 * Export → replay → the same state. A run of every scenario of the mock, under random faults
 * (drops, stalls, refusals), recorded live; exported as a scenario file; that file loaded with
 * the mock's own loader and replayed by the mock (MSW here, its server over loopback below) to a
 * new store, which must end in the same state as the live one: text, calls and every field of
 * them, sources, usage, how the turn ended, every error. And the raw `.sse` export, read by
 * `reduceStream`, gives the same answer. (The mock's server: export-server.test.ts.)
 */
import { createToolStreamStore, reduceStream, type ToolStreamState } from '@toolstream/core';
import { allProtocols } from '@toolstream/core/providers';
import { builtinScenarios, parseScenario } from '@toolstream/mock';
import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordStore } from '../recording/recording.js';
import { answerView, mockEndpoint, mockStore } from '../test-utils/mock-runs.js';
import { exportConversation, exportScenario } from './export-scenario.js';
import { exportSse } from './export-sse.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const library = builtinScenarios();
/** `long-run` (10,000 frames) gets a test of its own, without faults. */
const names = library.names().filter((name) => name !== 'long-run');

/** A fault for the live run's first requests (`fault-times`), so the run survives it. */
type Fault =
  | { kind: 'none' }
  | { kind: 'drop-after'; frames: number; times: number }
  | { kind: 'stall-after'; frames: number }
  | { kind: 'refused'; status: 429 | 408 };

const fault: fc.Arbitrary<Fault> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Fault>({ kind: 'none' }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('drop-after' as const),
      frames: fc.integer({ min: 0, max: 40 }),
      times: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('stall-after' as const),
      frames: fc.integer({ min: 1, max: 20 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('refused' as const),
      status: fc.constantFrom(429 as const, 408 as const),
    }),
  },
);

function faultQuery(f: Fault): string {
  switch (f.kind) {
    case 'none':
      return '';
    case 'drop-after':
      return `?fault=drop-after:${f.frames}&fault-times=${f.times}`;
    case 'stall-after':
      return `?fault=stall-after:${f.frames}&fault-times=1`;
    case 'refused':
      return `?fault=status:${f.status}&retry-after=0&fault-times=1`;
  }
}

/** Runs `name` live under `f`, recorded; returns the store's final state and the recording. */
async function liveRun(name: string, f: Fault) {
  const endpoint = mockEndpoint(server);
  // A stall is noticed by the idle timeout: short here, so the property stays quick.
  const store = mockStore(`${endpoint}${faultQuery(f)}`, name, f.kind === 'stall-after' ? 60 : 2_000);
  const { recording, stop } = recordStore(store);
  await store.send(`Run ${name}`);
  stop();
  return { state: store.getState(), recording };
}

/** Replays an exported file through the MSW mock to a new store. */
async function replay(text: string): Promise<ToolStreamState> {
  const scenario = parseScenario(text);
  const endpoint = mockEndpoint(server, { scenarios: [scenario] });
  const store = mockStore(endpoint, scenario.header.name);
  await store.send(`Run ${scenario.header.name}`);
  return store.getState();
}

describe('export → replay through the mock → the same final state', () => {
  it.each(names)('%s, with a drop in the middle', async (name) => {
    const frames = library.get(name)!.steps.length;
    const live = await liveRun(name, { kind: 'drop-after', frames: Math.floor(frames / 2), times: 1 });
    const { text } = exportScenario(live.recording, { name });
    expect(answerView(await replay(text))).toEqual(answerView(live.state));
  });

  it('for any scenario under any of the faults (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...names), fault, async (name, f) => {
        const live = await liveRun(name, f);
        // A refused request leaves no frame behind; the run's answer is what the retry got.
        const { text } = exportScenario(live.recording);
        expect(answerView(await replay(text))).toEqual(answerView(live.state));
      }),
      { numRuns: 60 },
    );
  }, 240_000);

  it('long-run: 10,000 frames', async () => {
    const live = await liveRun('long-run', { kind: 'drop-after', frames: 5_000, times: 1 });
    const { text } = exportScenario(live.recording, { name: 'long-run' });
    expect(answerView(await replay(text))).toEqual(answerView(live.state));
  }, 120_000);

  it('the raw .sse export reads to the same answer', async () => {
    for (const name of [
      'nested-delegation',
      'malformed-frames',
      'mid-stream-disconnect',
      'provider-anthropic',
    ]) {
      const live = await liveRun(name, { kind: 'drop-after', frames: 3, times: 2 });
      const { text } = exportSse(live.recording);
      let state: ToolStreamState | null = null;
      await reduceStream(text, { protocols: allProtocols, onState: (s) => (state = s) });
      const read = answerView(state!)!;
      const want = answerView(live.state)!;
      expect(
        { parts: read.parts, calls: read.calls, citations: read.citations, errors: read.errors },
        name,
      ).toEqual({
        parts: want.parts,
        calls: want.calls,
        citations: want.citations,
        errors: want.errors,
      });
    }
  });

  it('keeps the timing: each frame’s delay is the time since the line before', async () => {
    const endpoint = mockEndpoint(server, { speed: 1 });
    const store = mockStore(endpoint, 'single-call');
    const { recording } = recordStore(store);
    await store.send('weather');
    const exported = parseScenario(exportScenario(recording).text);
    const original = library.get('single-call')!;
    const sum = (steps: { delay: number }[]) => steps.reduce((total, step) => total + step.delay, 0);
    // The live run took at least the scenario's delays (a timer never fires early); a loaded
    // machine may add to them, never take away.
    expect(sum(exported.steps)).toBeGreaterThanOrEqual(sum(original.steps) - 5 * original.steps.length);
    expect(exported.steps.length).toBe(original.steps.length);
  });
});

describe('a conversation', () => {
  it('a conversation: one file a turn, each played when its question is asked again', async () => {
    const endpoint = mockEndpoint(server);
    let scenario = 'single-call';
    // The scenario of each turn is chosen per request, as the demo does.
    const live = createToolStreamStore({
      endpoint,
      protocols: allProtocols,
      body: ({ message }) => ({ message, scenario }),
      reconnect: { initialDelayMs: 1, maxDelayMs: 4 },
      schedule: 'sync',
    });
    const { recording } = recordStore(live);
    await live.send('What is the weather?');
    scenario = 'parallel-calls';
    await live.send('Check three things at once');
    const files = exportConversation(recording, { name: 'weather-chat' });
    expect(files.map((f) => f.name)).toEqual(['weather-chat-turn-1.jsonl', 'weather-chat-turn-2.jsonl']);

    const replayEndpoint = mockEndpoint(server, { scenarios: files.map((f) => parseScenario(f.text)) });
    const again = createToolStreamStore({
      endpoint: replayEndpoint,
      protocols: allProtocols,
      reconnect: { initialDelayMs: 1, maxDelayMs: 4 },
      schedule: 'sync',
    });
    await again.send('What is the weather?');
    await again.send('Check three things at once');
    const answers = (state: ToolStreamState) =>
      state.messages
        .filter((m) => m.role === 'assistant')
        .map((m) => answerView({ ...state, messages: [m], errors: [] }));
    expect(answers(again.getState())).toEqual(answers(live.getState()));
  });
});
