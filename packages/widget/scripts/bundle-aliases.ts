import type { Alias } from 'vite';

/**
 * What the widget bundle uses in place of the kit's own dependencies, to stay a small drop-in
 * script (budget: 80 KB gzipped, checked by `npm run test:packages`):
 *
 * - **Preact, through `preact/compat`, for React and react-dom.** React is two thirds of a
 *   React build of the widget (~67 KB gzipped); Preact with its compatibility layer is ~11 KB
 *   and runs the kit's components unchanged (hooks, context, `useSyncExternalStore`, `useId`,
 *   refs as props, `createRoot`). The widget shares no component or context with the page,
 *   so which renderer draws inside its shadow root is its own business.
 * - **markdown-to-jsx 7 for markdown-to-jsx 9.** Version 9 is a complete CommonMark parser of
 *   ~31 KB gzipped, more than the rest of the kit together; version 7 (~7 KB) has the same
 *   `compiler(text, options)` and the options the kit's `Markdown` relies on for safety
 *   (`disableParsingRawHTML`, `overrides` for links and images, `forceBlock`, `wrapper`). The
 *   version-9-only ones (`tagfilter`, `optimizeForStreaming`) are ignored: raw HTML is text
 *   either way, and half-written emphasis shows as typed until it closes. The widget's browser
 *   test renders markdown and the XSS payloads through the shipped bundle.
 *
 * Order matters: the first matching alias wins, so subpaths come before their package.
 */
export const bundleAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^markdown-to-jsx\/react$/, replacement: 'markdown-to-jsx-7' },
];
