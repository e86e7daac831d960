/**
 * @toolstream/server/conformance — checks a backend against the run convention (PROTOCOL.md §2
 * and §5) over HTTP: `runConformance({ endpoint })`, or the `toolstream-conformance` command.
 */

export type { CheckName, CheckResult, CheckStatus } from './check.js';
export { CHECK_NAMES } from './check.js';
export type { RunPurpose } from './conformance-context.js';
export type { ConformanceOptions, ConformanceReport } from './run-conformance.js';
export { DEFAULT_MESSAGE, DEFAULT_ORIGIN, runConformance } from './run-conformance.js';
