/**
 * @toolstream/core/tap — for tools that follow a store through its tap (`store.tap(listener)`,
 * `reduceStream(input, { tap })`), such as `@toolstream/devtools`: the records a tap reports,
 * the actions a store folds, and `applyActions`, the pure fold itself — folding the actions a tap
 * reported onto the state the store had when it was attached gives the state the store has.
 */

export type {
  ErrorAction,
  RunEndAction,
  RunInfoAction,
  RunStartAction,
  StatusAction,
  ToolStreamAction,
  TurnPlacement,
} from '../reducer/actions.js';
export { applyActions } from '../reducer/reduce.js';
export type { ConnectionEvent, TapListener, TapRecord } from './tap.js';
