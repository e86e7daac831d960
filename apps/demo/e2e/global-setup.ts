import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { serveStatic } from './support/static-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the built demo, served statically for this run. */
    demoUrl: string;
  }
}

const DEMO_DIR = join(import.meta.dirname, '..');

/**
 * Builds the demo once per run (Vite's `build()` with the demo's own config, into a temporary
 * folder) and serves it on loopback; the tests get its URL with `inject('demoUrl')`.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const outDir = await mkdtemp(join(tmpdir(), 'toolstream-demo-e2e-'));
  // Vitest runs with NODE_ENV=test; the demo must be the production build people would ship.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(DEMO_DIR, 'vite.config.ts'),
      root: DEMO_DIR,
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4096, reportCompressedSize: false },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const server = await serveStatic(outDir);
  project.provide('demoUrl', server.url);
  return async () => {
    await server.close();
    await rm(outDir, { recursive: true, force: true });
  };
}
