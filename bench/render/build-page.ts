import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, defaultClientConditions } from 'vite';

/**
 * Builds the bench page into `outDir` as users ship an app: minified, React's production build,
 * workspace packages from source (as the tests and Storybook resolve them).
 */
export async function buildPage(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: join(import.meta.dirname, 'page'),
    base: './',
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    resolve: { conditions: ['@toolstream/source', ...defaultClientConditions] },
    build: { outDir, emptyOutDir: true, sourcemap: false, reportCompressedSize: false },
  });
}
