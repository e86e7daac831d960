import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';

const PACKAGE_DIR = resolve(import.meta.dirname, '..');

/** The two built files, as text. */
export interface BuiltWidget {
  dir: string;
  esm: string;
  iife: string;
}

/**
 * Builds `widget.js` and `widget.iife.js` with the package's own Vite config into a temporary
 * folder, as `npm run build` would: Vite decides production from NODE_ENV, which Vitest sets
 * to "test", so it is set to "production" for the build.
 */
export async function buildWidget(): Promise<BuiltWidget> {
  const dir = await mkdtemp(join(tmpdir(), 'toolstream-widget-'));
  const configFile = join(PACKAGE_DIR, 'vite.config.ts');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    for (const mode of ['production', 'iife']) {
      await build({ configFile, mode, logLevel: 'warn', build: { outDir: dir, emptyOutDir: false } });
    }
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  const [esm, iife] = await Promise.all([
    readFile(join(dir, 'widget.js'), 'utf8'),
    readFile(join(dir, 'widget.iife.js'), 'utf8'),
  ]);
  return { dir, esm, iife };
}
