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
    // 17.8 kB measured: main's core with the calls that wait (PROTOCOL.md §11) is about 16.7 kB,
    // and the tap (devtools), the depth limit and the connection reports add 1.2 kB.
    limit: '18 kB',
  },
  {
    name: 'useToolCallStream (@toolstream/react, with the core)',
    path: 'packages/react/dist/index.js',
    import: '{ useToolCallStream }',
    ignore: peers,
    gzip: true,
    // 19.2 kB with the tap; the calls that wait (issue 27) and the peer formats' state add the rest.
    limit: '20.5 kB',
  },
  {
    name: '<ToolCall> without markdown (@toolstream/ui, with react and core)',
    path: 'packages/ui/dist/index.js',
    import: '{ ToolCall }',
    ignore: peers,
    gzip: true,
    // 12 kB until a row could ask for approval (Approve, Deny with a reason, the editable
    // arguments form, how it was answered): about 0.2 kB over it, with the core's growth, and
    // the reveal-on-request of the devtools 0.1 kB more.
    limit: '12.75 kB',
  },
  {
    // What an app carries once it attaches the devtools: the recording and the launcher. The
    // panel (React UI, virtual lists, export) is a chunk of its own, loaded when first opened.
    name: 'attachDevtools without the panel (@toolstream/devtools, with the core)',
    path: 'packages/devtools/dist/index.js',
    import: '{ attachDevtools }',
    ignore: [...peers, './panel/mount-panel.js'],
    gzip: true,
    limit: '10 kB',
  },
  {
    name: 'widget.iife.js (@toolstream/widget, everything inside)',
    path: 'packages/widget/dist/widget.iife.js',
    // The file as it is served: already bundled and minified.
    disablePlugins: ['@size-limit/esbuild'],
    gzip: true,
    // 80 kB until the thread drew only the turns on screen: TanStack Virtual's core is about 10 kB
    // of it (a thousand-turn conversation then costs what ten do; bench/README.md). 89.6 kB
    // measured with the core's tap and the loader of the devtools; calls that wait (issue 27:
    // the core's answers and continuations, the kit's approvals, bar and form) add about 4 kB,
    // and the peer formats every widget reads (the AI SDK's UI message and data streams,
    // LangGraph's run stream and v2 events, issue 29) about 7.5 kB: 101.6 kB measured. The
    // thread's tree of blocks and its feed keys (Page Up / Page Down from turn to turn, issue 30)
    // about 0.7 kB more: 102.3 kB measured.
    limit: '102.75 kB',
  },
];
