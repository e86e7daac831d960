import { resolve } from 'node:path';
import { defaultClientConditions, defineConfig } from 'vite';
import { bundleAliases } from './scripts/bundle-aliases.js';

/**
 * Three library builds into `dist/`: `vite build` makes the ES module `widget.js`,
 * `vite build --mode iife` the classic script `widget.iife.js` (which also defines the
 * element), and `vite build --mode devtools` the devtools' classic script `devtools.iife.js`. Everything is bundled, workspace packages through their sources, with Preact in
 * place of React (see `scripts/bundle-aliases.ts`): the widget carries its own renderer and must
 * stay small, and it shares no component or context with the page.
 */
export default defineConfig(({ mode }) => {
  // `--mode devtools`: @toolstream/devtools as a classic script beside the widget's, for the
  // element's `devtools` attribute (loaded only when a page asks for it; never in widget.iife.js).
  const devtools = mode === 'devtools';
  const iife = mode === 'iife' || devtools;
  // Absolute paths: the build may run with this file from another working directory.
  const here = import.meta.dirname;
  return {
    resolve: {
      conditions: ['@toolstream/source', ...defaultClientConditions],
      alias: bundleAliases,
    },
    // Nothing reads NODE_ENV at run time: the bundle is the production build, whatever the
    // environment of the build (a test runner sets "test").
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    // The kit's JSX compiles to Preact's runtime (through the aliases), in its production form.
    oxc: { jsx: { runtime: 'automatic', importSource: 'react', development: false } },
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
      rolldownOptions: {
        output: { minify: true },
        onLog(level, log, handler) {
          // The kit marks its hook and component modules "use client" for React Server
          // Components; in a browser bundle the directive means nothing.
          if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
          handler(level, log);
        },
      },
      lib: devtools
        ? {
            entry: resolve(here, '../devtools/src/iife.ts'),
            name: 'ToolstreamDevtools',
            formats: ['iife'],
            fileName: () => 'devtools.iife.js',
          }
        : {
            entry: resolve(here, iife ? 'src/iife.ts' : 'src/index.ts'),
            name: 'ToolstreamWidget',
            formats: [iife ? 'iife' : 'es'],
            fileName: () => (iife ? 'widget.iife.js' : 'widget.js'),
          },
    },
  };
});
