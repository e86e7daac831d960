import { join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { REPO } from './packages.js';

const FIXTURES = join(REPO, 'tools/packaging/fixtures/devtools-bundle');

/**
 * Texts only the devtools' code holds (its element, its stylesheet, its panel's title, its export),
 * found in any build that carries some of it, minified or not.
 */
const DEVTOOLS_MARKERS = [
  'toolstream-devtools',
  'tsd-launcher',
  'tsd-panel',
  'toolstream devtools',
  'Recorded with @toolstream/devtools',
];

/** Builds `entry` for production as an app's bundler would, from the packages' builds (dist/). */
async function bundle(entry: string): Promise<Rolldown.OutputChunk[]> {
  const result = await build({
    configFile: false,
    root: FIXTURES,
    logLevel: 'warn',
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { write: false, minify: true, rolldownOptions: { input: join(FIXTURES, entry) } },
  });
  const outputs = Array.isArray(result) ? result : [result];
  return outputs.flatMap((output) =>
    'output' in output
      ? output.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk')
      : [],
  );
}

const holdsDevtools = (code: string) => DEVTOOLS_MARKERS.some((marker) => code.includes(marker));

describe('a production build carries the devtools only when it imports them', () => {
  it('an app that does not import them has none of their code', async () => {
    const chunks = await bundle('without.tsx');
    expect(chunks.length).toBeGreaterThan(0);
    // The app itself is there: the kit's chat…
    expect(chunks.some((chunk) => chunk.code.includes('ts-chat'))).toBe(true);
    // …and nothing of the devtools, in any chunk.
    expect(chunks.filter((chunk) => holdsDevtools(chunk.code)).map((chunk) => chunk.fileName)).toEqual([]);
  }, 120_000);

  it('an app that imports them lazily keeps them out of its entry, in chunks of their own', async () => {
    const chunks = await bundle('lazy.tsx');
    const entry = chunks.find((chunk) => chunk.isEntry)!;
    expect(holdsDevtools(entry.code)).toBe(false);
    const devtools = chunks.filter((chunk) => !chunk.isEntry && holdsDevtools(chunk.code));
    expect(devtools.length).toBeGreaterThan(0);
    // The panel is a further chunk, loaded when it is first opened: the launcher's chunk has no panel.
    const panel = chunks.find((chunk) => chunk.code.includes('tsd-panel'));
    const launcher = chunks.find((chunk) => chunk.code.includes('tsd-launcher'));
    expect(panel).toBeDefined();
    expect(launcher).toBeDefined();
    expect(panel!.fileName).not.toBe(launcher!.fileName);
  }, 120_000);
});
