import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { PUBLISHED, readManifest } from './packages.js';

/** What a package tarball holds, read as a user's node_modules would have it. */
const packed = inject('packed');
const version = readManifest(packed.core.dir).version as string;

/** Every file an `exports` map (or `main`, `types`, `bin`) points at, without wildcards. */
function targets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(targets);
}

describe.each(PUBLISHED)('$name tarball', ({ folder, name }) => {
  const { dir, files } = packed[folder];
  const manifest = readManifest(dir);

  it('ships a LICENSE (MIT), a README and its build, and nothing of the repository', () => {
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json']));
    expect(readFileSync(join(dir, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    expect(manifest.license).toBe('MIT');
    expect(files.some((file) => file.startsWith('dist/'))).toBe(true);
    const unwanted = files.filter((file) =>
      /(^|\/)(test|tests|test-utils|stories|__snapshots__)\/|\.(test|test-d|stories)\.|\.backup$|tsconfig|vitest/.test(
        file,
      ),
    );
    expect(unwanted).toEqual([]);
    // Sources stay home; the only file from src/ is the stylesheet @toolstream/ui exports.
    expect(files.filter((file) => file.startsWith('src/'))).toEqual(
      folder === 'ui' ? ['src/styles.css'] : [],
    );
  });

  it('ships source maps only with their sources inside, and no declaration maps', () => {
    const maps = files.filter((file) => file.endsWith('.map'));
    expect(maps.filter((file) => file.endsWith('.d.ts.map'))).toEqual([]);
    for (const file of maps) {
      const map = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
        sources: string[];
        sourcesContent?: (string | null)[];
      };
      expect(map.sourcesContent?.length, file).toBe(map.sources.length);
      expect(
        map.sourcesContent?.every((content) => typeof content === 'string' && content !== ''),
        file,
      ).toBe(true);
    }
  });

  it('publishes a package.json without repository-only conditions, scripts or settings', () => {
    const text = readFileSync(join(dir, 'package.json'), 'utf8');
    expect(text).not.toContain('@toolstream/source');
    expect(manifest.scripts).toBeUndefined();
    expect(manifest['clean-package']).toBeUndefined();
    expect(manifest.name).toBe(name);
    expect(manifest.version).toBe(version);
  });

  it('points every entry (exports, main, types, bin) at a file it ships', () => {
    const entries = [...targets(manifest.exports), manifest.main, manifest.types, ...targets(manifest.bin)];
    const missing = entries
      .filter((target): target is string => typeof target === 'string' && !target.includes('*'))
      .filter((target) => !existsSync(join(dir, target)));
    expect(missing).toEqual([]);
    expect(Object.keys(manifest.exports)).toContain('./package.json');
  });

  it('carries what a maintainer publishes with: access, repository, homepage, bugs, keywords, engines', () => {
    expect(manifest.publishConfig).toEqual({ access: 'public' });
    expect(manifest.repository).toMatchObject({ type: 'git', directory: `packages/${folder}` });
    expect(manifest.homepage).toMatch(/^https:\/\//);
    expect(manifest.bugs.url).toMatch(/^https:\/\//);
    expect(manifest.keywords.length).toBeGreaterThan(3);
    expect(manifest.engines.node).toBe('>=20.19');
    expect(manifest.type).toBe('module');
  });

  it('depends on its sibling packages at exactly the version released with it', () => {
    const siblings = Object.entries({ ...manifest.dependencies, ...manifest.peerDependencies }).filter(
      ([dependency]) => dependency.startsWith('@toolstream/'),
    );
    for (const [, range] of siblings) expect(range).toBe(version);
  });
});

describe('dependencies a user installs', () => {
  it('the widget installs nothing: React (Preact), the kit and the core are inside its bundle', () => {
    const manifest = readManifest(packed.widget.dir);
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.peerDependencies ?? {}).toEqual({});
  });

  it('the mock needs msw only for its MSW handlers, and redis only for --redis: optional peers', () => {
    const manifest = readManifest(packed.mock.dir);
    expect(manifest.dependencies?.msw).toBeUndefined();
    expect(manifest.dependencies?.redis).toBeUndefined();
    expect(manifest.peerDependencies.msw).toMatch(/^\^2\./);
    expect(manifest.peerDependenciesMeta).toEqual({ msw: { optional: true }, redis: { optional: true } });
  });

  it('the server needs redis only for its Redis store: an optional peer', () => {
    const manifest = readManifest(packed.server.dir);
    expect(Object.keys(manifest.dependencies ?? {})).toEqual(['@toolstream/core']);
    expect(manifest.peerDependencies.redis).toMatch(/\^5/);
    expect(manifest.peerDependenciesMeta).toEqual({ redis: { optional: true } });
  });

  it('React is a peer of the React packages, never a dependency', () => {
    for (const folder of ['react', 'ui'] as const) {
      const manifest = readManifest(packed[folder].dir);
      expect(manifest.dependencies?.react).toBeUndefined();
      expect(manifest.peerDependencies.react).toBeDefined();
    }
  });

  it('the React packages mark their hook and component modules "use client" for Server Components', () => {
    const hook = readFileSync(join(packed.react.dir, 'dist/use-tool-call-stream.js'), 'utf8');
    expect(hook.startsWith("'use client';")).toBe(true);
    // The main entry itself has no directive: its type and value re-exports stay usable on the server.
    expect(readFileSync(join(packed.react.dir, 'dist/index.js'), 'utf8')).not.toMatch(/^['"]use client/);
  });
});
