import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scenario } from '../scenario/builder.js';
import { serializeScenario } from '../scenario/format.js';
import { builtinScenarios } from '../scenario/library.js';
import { ScenarioFormatError } from '../scenario/validate.js';
import {
  loadScenarioLibrary,
  readScenarioDir,
  readScenarioFile,
  shippedScenariosDir,
} from './load-scenarios.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'toolstream-scenarios-'));
  dirs.push(dir);
  return dir;
}

describe('loading scenario files', () => {
  it('the server library is the shipped files plus the generated ones, in the built-in order', async () => {
    const library = await loadScenarioLibrary();
    expect(library.names()).toEqual(builtinScenarios().names());
    expect(library.get('subagent-delegation')).toEqual(builtinScenarios().get('subagent-delegation'));
    expect((await readScenarioFile(join(shippedScenariosDir, 'single-call.jsonl'))).header.name).toBe(
      'single-call',
    );
  });

  it('a folder of your own adds scenarios and overrides built-in ones of the same name', async () => {
    const dir = await tempDir();
    const mine = scenario('single-call', 'My own single call.').text('mine').build();
    await writeFile(join(dir, 'single-call.jsonl'), serializeScenario(mine));
    const library = await loadScenarioLibrary({ dir });
    expect(library.get('single-call')).toEqual(mine);
    expect(library.names()).toHaveLength(builtinScenarios().names().length);
  });

  it('reports every problem of every file at once, with file and line', async () => {
    const dir = await tempDir();
    await writeFile(
      join(dir, 'a.jsonl'),
      '{"type":"header","name":"b","description":"x","protocol":"typed-events"}\n{"delay":1,"data":"x"}\n',
    );
    await writeFile(
      join(dir, 'c.jsonl'),
      '{"type":"header","name":"c","description":"x","protocol":"typed-events"}\n{"delay":1}\n',
    );
    const error = await readScenarioDir(dir).catch((cause: unknown) => cause);
    expect(error).toBeInstanceOf(ScenarioFormatError);
    const issues = (error as ScenarioFormatError).issues.map((i) => [i.file, i.line, i.field]);
    expect(issues).toEqual([
      [join(dir, 'a.jsonl'), 1, 'name'],
      [join(dir, 'c.jsonl'), 2, 'data'],
    ]);
  });
});
