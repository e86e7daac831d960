import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * Two library builds into `dist/`: `vite build` makes the ES module `widget.js`, and
 * `vite build --mode iife` the classic script `widget.iife.js` (which also defines the
 * element). React, the kit and the core are bundled: workspace packages through their sources.
 */
export default defineConfig(({ mode }) => {
  const iife = mode === 'iife';
  // Absolute paths: the browser test builds with this file from another working directory.
  const here = import.meta.dirname;
  return {
    plugins: [react()],
    resolve: { conditions: ['@toolstream/source', ...defaultClientConditions] },
    // React picks its production build from this; in a library build Vite leaves it alone.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    // Production JSX whatever NODE_ENV says (a test runner sets it to "test"): the bundled React
    // is the production build, which has no `jsxDEV`.
    oxc: { jsx: { development: false } },
    publicDir: false,
    root: here,
    build: {
      outDir: resolve(here, 'dist'),
      // The ES build runs first and starts from an empty folder; the IIFE build adds to it.
      emptyOutDir: !iife,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      // Vite keeps whitespace in ES library builds (for the consumer's bundler to minify); this
      // file is meant to be loaded as is, so it is minified fully.
      rolldownOptions: { output: { minify: true } },
      lib: {
        entry: resolve(here, iife ? 'src/iife.ts' : 'src/index.ts'),
        name: 'ToolstreamWidget',
        formats: [iife ? 'iife' : 'es'],
        fileName: () => (iife ? 'widget.iife.js' : 'widget.js'),
      },
    },
  };
});
