import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordStore } from '../recording/recording.js';
import { answerView, mockEndpoint, mockStore } from '../test-utils/mock-runs.js';
import { exportScenario } from './export-scenario.js';
import { exportSse } from './export-sse.js';
import { ImportError, importRecording } from './import-recording.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function liveRun(name: string) {
  const endpoint = mockEndpoint(server);
  const store = mockStore(`${endpoint}?fault=drop-after:5&fault-times=1`, name);
  const { recording } = recordStore(store);
  await store.send(`Run ${name}`);
  return { recording, state: store.getState() };
}

describe('importRecording', () => {
  it.each(['nested-delegation', 'malformed-frames', 'provider-gemini', 'typed-events'])(
    'reads an exported %s back: the same frames, connections, timing and answer',
    async (name) => {
      const live = await liveRun(name);
      const file = exportScenario(live.recording, { name });
      const imported = await importRecording(file.text, { fileName: file.name });
      const unique = live.recording.frames.filter((f) => !f.duplicate);
      expect(imported.frames.map((f) => [f.frame.event, f.frame.id, f.frame.data, f.connection])).toEqual(
        unique.map((f) => [f.frame.event, f.frame.id, f.frame.data, f.connection]),
      );
      expect(imported.turns[0]).toMatchObject({ userText: `Run ${name}` });
      expect(imported.connections.map((c) => [c.request.method, c.open?.status, c.close?.reason])).toEqual(
        live.recording.connections.map((c) => [c.request.method, c.open?.status, c.close?.reason]),
      );
      // Times are the file's delays: frame by frame, as recorded (rounded to the millisecond).
      const start = live.recording.connections[0]!.request.at;
      imported.frames.forEach((frame, i) => {
        expect(Math.abs(frame.at - (unique[i]!.at - start))).toBeLessThanOrEqual(i + 1);
      });
      const { errors: _importedErrors, status: _s1, ...importedAnswer } = answerView(imported.state)!;
      const { errors: _liveErrors, status: _s2, ...liveAnswer } = answerView(live.state)!;
      expect(importedAnswer).toEqual(liveAnswer);
    },
  );

  it('reads a raw .sse file as one connection', async () => {
    const live = await liveRun('subagent-delegation');
    const file = exportSse(live.recording);
    const imported = await importRecording(file.text, { fileName: file.name });
    expect(imported.connections).toHaveLength(1);
    expect(answerView(imported.state)?.calls).toEqual(answerView(live.state)?.calls);
  });

  it('reads a scenario written by hand (no recording in its header)', async () => {
    const text = [
      '{"type":"header","name":"hand-made","description":"By hand.","protocol":"typed-events"}',
      '{"delay":10,"data":"Hello "}',
      '{"type":"disconnect","delay":5}',
      '{"delay":20,"event":"done","data":""}',
    ].join('\n');
    const imported = await importRecording(text);
    expect(imported.frames.map((f) => [f.at, f.connection])).toEqual([
      [10, 1],
      [35, 2],
    ]);
    expect(imported.connections.map((c) => c.close?.reason)).toEqual(['failed', 'end']);
  });

  it('names every problem of a broken scenario', async () => {
    const text =
      '{"type":"header","name":"Bad Name","description":"x","protocol":"grpc"}\n{"delay":-1,"data":"x"}';
    await expect(importRecording(text, { fileName: 'bad.jsonl' })).rejects.toThrow(ImportError);
    await expect(importRecording(text, { fileName: 'bad.jsonl' })).rejects.toThrow(
      /bad\.jsonl:1: field "name"[\s\S]*bad\.jsonl:2: field "delay"/,
    );
  });
});
