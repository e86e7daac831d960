import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generatedScenarioFiles } from './generated-files.js';
import { validateScenarioText } from './validate.js';

const dir = fileURLToPath(new URL('../../scenarios/', import.meta.url));

describe('shipped scenario files', () => {
  it('equal the generator output (run `npx tsx packages/mock/scripts/generate-scenarios.ts` after changing a definition)', async () => {
    const expected = generatedScenarioFiles();
    const shipped = (await readdir(dir)).filter((file) => file.endsWith('.jsonl')).sort();
    expect(shipped).toEqual([...expected.keys()].sort());
    for (const file of shipped) {
      expect(await readFile(join(dir, file), 'utf8'), file).toBe(expected.get(file));
    }
  });

  it('are valid, named after their file, and described', async () => {
    for (const file of await readdir(dir)) {
      const result = validateScenarioText(await readFile(join(dir, file), 'utf8'), {
        file,
        expectedName: file.replace(/\.jsonl$/, ''),
      });
      expect(result.issues, file).toEqual([]);
      expect(result.scenario!.header.description.length, file).toBeGreaterThan(20);
    }
  });

  it('stay small (the long run is generated at load time instead)', async () => {
    for (const file of await readdir(dir)) {
      const text = await readFile(join(dir, file), 'utf8');
      expect(text.length, file).toBeLessThan(32 * 1024);
    }
  });
});
