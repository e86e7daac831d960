/**
 * The one-line load of an exported file (`readScenarioFile`) and a replay by the mock's real
 * server over loopback. No MSW in this file: it would catch the loopback requests.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockServer, readScenarioFile } from '@toolstream/mock/node';
import { describe, expect, it } from 'vitest';
import { recordStore } from '../recording/recording.js';
import { answerView, mockStore } from '../test-utils/mock-runs.js';
import { exportScenario } from './export-scenario.js';

/** A live run of `name` on the mock's server, its first connection dropped after 2 frames. */
async function liveRun(name: string) {
  const live = await createMockServer({ speed: Number.POSITIVE_INFINITY });
  try {
    const store = mockStore(`${live.endpoint}?fault=drop-after:2&fault-times=1`, name);
    const { recording, stop } = recordStore(store);
    await store.send(`Run ${name}`);
    stop();
    return { state: store.getState(), recording };
  } finally {
    await live.close();
  }
}

describe('a test loads an exported file in one line', () => {
  it('readScenarioFile, and the mock’s server replays it over loopback to the same state', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'devtools-export-'));
    try {
      for (const name of [
        'nested-delegation',
        'mid-stream-disconnect',
        'typed-events-error',
        'provider-openai-chat',
      ]) {
        const live = await liveRun(name);
        const file = exportScenario(live.recording, { name: `bug-${name}` });
        await writeFile(join(dir, file.name), file.text);

        const mock = await createMockServer({
          scenarios: [await readScenarioFile(join(dir, file.name))],
          speed: Number.POSITIVE_INFINITY,
        });
        try {
          const store = mockStore(mock.endpoint, `bug-${name}`);
          await store.send('again');
          expect(answerView(store.getState()), name).toEqual(answerView(live.state));
        } finally {
          await mock.close();
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
