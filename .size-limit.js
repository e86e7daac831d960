/**
 * Size budgets (gzipped; 1 kB = 1000 bytes), run on the built packages by
 * `npm run test:packages` (tools/packaging/size.test.ts), or by hand: `npm run build && npx size-limit`.
 * Each entry bundles one import with esbuild, minified, as an app's bundler would; React is
 * the app's own (a peer dependency), so it is not counted.
 */
const peers = ['react', 'react-dom', 'react/jsx-runtime'];

export default [
  {
    name: 'createToolStreamStore (@toolstream/core)',
    path: 'packages/core/dist/index.js',
    import: '{ createToolStreamStore }',
    gzip: true,
    limit: '14 kB',
  },
  {
    name: 'useToolCallStream (@toolstream/react, with the core)',
    path: 'packages/react/dist/index.js',
    import: '{ useToolCallStream }',
    ignore: peers,
    gzip: true,
    limit: '16 kB',
  },
  {
    name: '<ToolCall> without markdown (@toolstream/ui, with react and core)',
    path: 'packages/ui/dist/index.js',
    import: '{ ToolCall }',
    ignore: peers,
    gzip: true,
    limit: '12 kB',
  },
  {
    name: 'widget.iife.js (@toolstream/widget, everything inside)',
    path: 'packages/widget/dist/widget.iife.js',
    // The file as it is served: already bundled and minified.
    disablePlugins: ['@size-limit/esbuild'],
    gzip: true,
    // 80 kB until the thread drew only the turns on screen: TanStack Virtual's core is about 10 kB
    // of it (a thousand-turn conversation then costs what ten do; bench/README.md).
    limit: '88 kB',
  },
];
