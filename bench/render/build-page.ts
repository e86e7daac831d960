import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, defaultClientConditions } from 'vite';

/**
 * Builds a bench page (the folder `root`, by default this bench's) into `outDir` as users ship an
 * app: minified, React's production build, workspace packages from source (as the tests and
 * Storybook resolve them).
 */
export async function buildPage(outDir: string, root = join(import.meta.dirname, 'page')): Promise<void> {
  await build({
    configFile: false,
    root,
    base: './',
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    resolve: { conditions: ['@toolstream/source', ...defaultClientConditions] },
    build: { outDir, emptyOutDir: true, sourcemap: false, reportCompressedSize: false },
  });
}
