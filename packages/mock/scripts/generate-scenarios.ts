/**
 * Writes `scenarios/<name>.jsonl` for every shipped built-in scenario, from its builder code in
 * `src/scenario/definitions`, and deletes `.jsonl` files that no definition produces. The files
 * are committed; `src/scenario/generated-files.test.ts` fails when they differ from this output.
 *
 * First it copies the provider stream fixtures (`<repo>/fixtures/providers`) into
 * `src/scenario/definitions/provider-streams.generated.ts`, which the `provider-*` scenarios
 * are built from (see `provider-fixtures.ts`).
 *
 *   npx tsx packages/mock/scripts/generate-scenarios.ts
 */
import { execFileSync } from 'node:child_process';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readProviderStreams, STREAMS_MODULE, streamsModuleSource } from './provider-fixtures.js';

await writeFile(STREAMS_MODULE, streamsModuleSource(await readProviderStreams()));
// Formatted like the rest of the code, so `biome check` stays clean on the generated module.
const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
execFileSync(process.execPath, [biome, 'format', '--write', STREAMS_MODULE], { stdio: 'inherit' });

// Imported only now: the definitions read the module just written.
const { generatedScenarioFiles } = await import('../src/scenario/generated-files.js');
const dir = fileURLToPath(new URL('../scenarios/', import.meta.url));
const files = generatedScenarioFiles();
for (const [file, text] of files) await writeFile(join(dir, file), text);
for (const existing of await readdir(dir)) {
  if (existing.endsWith('.jsonl') && !files.has(existing)) await rm(join(dir, existing));
}
console.log(`Wrote ${files.size} scenario files to ${dir}`);
