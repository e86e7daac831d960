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
    // 16 kB until calls could wait for an answer: the core's answers, client tools and
    // continuations (issue 27) are the 2 kB it grew by; the hook itself adds nothing here.
    limit: '18.5 kB',
  },
  {
    name: '<ToolCall> without markdown (@toolstream/ui, with react and core)',
    path: 'packages/ui/dist/index.js',
    import: '{ ToolCall }',
    ignore: peers,
    gzip: true,
    // 12 kB until a row could ask for approval (Approve, Deny with a reason, the editable
    // arguments form, how it was answered): about 0.2 kB over it, with the core's growth.
    limit: '12.5 kB',
  },
  {
    name: 'widget.iife.js (@toolstream/widget, everything inside)',
    path: 'packages/widget/dist/widget.iife.js',
    // The file as it is served: already bundled and minified.
    disablePlugins: ['@size-limit/esbuild'],
    gzip: true,
    // 80 kB until the thread drew only the turns on screen: TanStack Virtual's core is about 10 kB
    // of it (a thousand-turn conversation then costs what ten do; bench/README.md). 88 kB until
    // calls could wait for an answer (issue 27): the core's answers and continuations (~2.7 kB)
    // and the kit's approvals, bar and form (~1.1 kB) made it 91.8 kB.
    limit: '92.5 kB',
  },
];
