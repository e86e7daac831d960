/**
 * Writes `scenarios/<name>.jsonl` for every shipped built-in scenario, from its builder code in
 * `src/scenario/definitions`, and deletes `.jsonl` files that no definition produces. The files
 * are committed; `src/scenario/generated-files.test.ts` fails when they differ from this output.
 *
 *   npx tsx packages/mock/scripts/generate-scenarios.ts
 */
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedScenarioFiles } from '../src/scenario/generated-files.js';

const dir = fileURLToPath(new URL('../scenarios/', import.meta.url));
const files = generatedScenarioFiles();
for (const [file, text] of files) await writeFile(join(dir, file), text);
for (const existing of await readdir(dir)) {
  if (existing.endsWith('.jsonl') && !files.has(existing)) await rm(join(dir, existing));
}
console.log(`Wrote ${files.size} scenario files to ${dir}`);
