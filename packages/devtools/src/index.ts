/**
 * @toolstream/devtools — see what a toolstream store's stream did, and turn any run into a
 * reproducible test. `attachDevtools(store)` (or `<ToolStreamDevtools />` inside a provider) records
 * through the store's tap and shows a launcher; the panel, loaded when first opened, shows the raw
 * frames, the events each became, the state with calls as a tree, the connection timeline and
 * every error with its frame, and exports the run as a `@toolstream/mock` scenario or raw `.sse`.
 * The recording and export without the panel: `@toolstream/devtools/recording`.
 */

export type { DevtoolsHandle, DevtoolsOptions } from './attach.js';
export { attachDevtools, DEVTOOLS_TAG } from './attach.js';
export type { ToolStreamDevtoolsProps } from './react.js';
export { ToolStreamDevtools } from './react.js';
