import { execFile } from 'node:child_process';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PACK_DIR, REPO } from './packages.js';

const run = promisify(execFile);
const packed = inject('packed');

/**
 * The widget's declarations as a user's TypeScript sees them: the fixtures (the README's
 * examples: `mount`, the element's `options`, the IIFE global, JSX) compile against the packed
 * package, with `skipLibCheck` off so the declarations themselves are checked too. The project
 * sits inside the repository so that TypeScript and React's types resolve from its node_modules.
 */
const project = join(PACK_DIR, 'widget-types');

beforeAll(async () => {
  await rm(project, { recursive: true, force: true });
  await mkdir(join(project, 'node_modules/@toolstream'), { recursive: true });
  await cp(packed.widget.dir, join(project, 'node_modules/@toolstream/widget'), { recursive: true });
  await cp(join(import.meta.dirname, 'fixtures/widget-types'), join(project, 'src'), { recursive: true });
  await writeFile(join(project, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
});

afterAll(() => rm(project, { recursive: true, force: true }));

const compile = async (module: string, moduleResolution: string) => {
  const tsconfig = join(project, `tsconfig.${moduleResolution}.json`);
  await writeFile(
    tsconfig,
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        target: 'ES2022',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        module,
        moduleResolution,
        jsx: 'react-jsx',
        types: [],
      },
      include: ['src'],
    }),
  );
  return run(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', tsconfig]).catch(
    (error: { stdout: string }) => ({ stdout: error.stdout, failed: true }),
  );
};

describe('@toolstream/widget types', () => {
  it.each([
    ['ESNext', 'bundler'],
    ['NodeNext', 'NodeNext'],
  ])('type-check a page, a script and a React app (module %s, resolution %s)', async (module, resolution) => {
    const result = await compile(module, resolution);
    expect(result.stdout).toBe('');
    expect('failed' in result).toBe(false);
  });
});
