import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, defaultClientConditions } from 'vite';

const PAGE_DIR = join(import.meta.dirname, 'page');

/**
 * Builds the bench page for production into `outDir`: minified, React's production build,
 * workspace packages from source (as the tests and Storybook resolve them). With `profiling`,
 * `react-dom/client` is React's profiling build (`react-dom/profiling`: production code plus
 * `<Profiler>` timings), so `onRender` reports render durations; without it, the plain
 * production build that users ship.
 */
export async function buildPage(outDir: string, profiling: boolean, minify = true): Promise<void> {
  await build({
    configFile: false,
    root: PAGE_DIR,
    base: './',
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    resolve: {
      conditions: ['@toolstream/source', ...defaultClientConditions],
      alias: profiling ? [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] : [],
    },
    build: { outDir, emptyOutDir: true, sourcemap: false, reportCompressedSize: false, minify },
  });
}
