import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = dirname(fileURLToPath(import.meta.url));

/** Every module the main entry reaches, following relative imports; and the bare specifiers it uses. */
async function importGraph(entry: string): Promise<{ files: string[]; packages: Set<string> }> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = async (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = await readFile(file, 'utf8');
    for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/g)) {
      const specifier = match[1]!;
      if (specifier.startsWith('.')) await visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else packages.add(specifier);
    }
  };
  await visit(join(src, entry));
  return { files: [...seen], packages };
}

describe('package entries', () => {
  it('the main entry (MSW handlers, scenarios) imports nothing from Node, so it runs in a browser', async () => {
    const { files, packages } = await importGraph('index.ts');
    expect(files.length).toBeGreaterThan(10);
    expect([...packages].filter((name) => name.startsWith('node:'))).toEqual([]);
    expect([...packages].sort()).toEqual([
      '@toolstream/core',
      '@toolstream/core/adapters',
      '@toolstream/core/providers',
      '@toolstream/server',
      'msw',
    ]);
  });

  it('the fetch entry needs neither msw nor Node: the core and the server', async () => {
    const { packages } = await importGraph('fetch.ts');
    expect([...packages].sort()).toEqual([
      '@toolstream/core',
      '@toolstream/core/adapters',
      '@toolstream/core/providers',
      '@toolstream/server',
    ]);
  });

  it('the node entry holds the server and file loading, and needs no msw', async () => {
    const { packages } = await importGraph('node.ts');
    expect([...packages]).toEqual(expect.arrayContaining(['node:http', 'node:fs/promises']));
    expect([...packages]).not.toContain('msw');
  });

  it('the command line needs no msw (msw is an optional peer, for the MSW handlers only)', async () => {
    const { packages } = await importGraph('cli.ts');
    expect([...packages]).toEqual(expect.arrayContaining(['node:http', 'node:util']));
    expect([...packages].filter((name) => name.startsWith('msw'))).toEqual([]);
  });
});
