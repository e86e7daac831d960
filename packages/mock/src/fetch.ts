/**
 * @toolstream/mock/fetch — the mock backend without msw and without Node built-ins: the
 * scenario format, the builder and library, the recorder, and `createFetchHandler`, a
 * Web-standard `(Request) => Promise<Response>` handler for Next.js route handlers, Hono, Deno,
 * Bun or a worker. Runs play on `@toolstream/server`. `@toolstream/mock` is this plus the MSW
 * handlers.
 */

export type { Clock } from './backend/clock.js';
export { systemClock } from './backend/clock.js';
export type { ConnectionFaults, Faults } from './backend/faults.js';
export { parseFaults } from './backend/faults.js';
export type {
  ConnectionControl,
  MockBackend,
  MockBackendOptions,
  RunLogEntry,
  RunLogger,
} from './backend/mock-backend.js';
export { createMockBackend, DEFAULT_BASE_PATH, DEFAULT_SCENARIO } from './backend/mock-backend.js';
export type { PlayOptions, PlayTarget } from './backend/scenario-player.js';
export { playScenario } from './backend/scenario-player.js';
export type { ServedFrame, ServedStep } from './backend/sse-encode.js';
export { encodeFrame, scenarioToSse, servedSteps } from './backend/sse-encode.js';
export type { FetchHandler } from './fetch/fetch-handler.js';
export { createFetchHandler } from './fetch/fetch-handler.js';
export type { RecordOptions, StreamRecording } from './recorder/record-stream.js';
export { recordStream } from './recorder/record-stream.js';
export type { FrameOptions, ScenarioOptions } from './scenario/base-builder.js';
export type { TextOptions } from './scenario/builder.js';
export { ChatScenarioBuilder, scenario } from './scenario/builder.js';
export type { ScenarioDefinition } from './scenario/definitions/index.js';
export { scenarioDefinitions } from './scenario/definitions/index.js';
export { LONG_RUN_PARTS, longRun } from './scenario/definitions/long-run.js';
export { XSS_PAYLOADS, XSS_TAG_PAYLOADS } from './scenario/definitions/xss.js';
export type {
  Scenario,
  ScenarioDisconnect,
  ScenarioFrame,
  ScenarioHeader,
  ScenarioProtocol,
  ScenarioStep,
} from './scenario/format.js';
export { isFrame, SCENARIO_PROTOCOLS, scenarioFrames, serializeScenario } from './scenario/format.js';
export type { LazyScenario, ScenarioEntry, ScenarioLibrary, ScenarioSummary } from './scenario/library.js';
export { builtinEntries, builtinScenarios, createScenarioLibrary, summarize } from './scenario/library.js';
export { chunkText } from './scenario/text-chunks.js';
export type {
  CallRef,
  CallSpec,
  DelegationSpec,
  ResultSpec,
  StreamSpec,
  ToolCallStep,
} from './scenario/tool-call-writer.js';
export { DelegationScope } from './scenario/tool-call-writer.js';
export { TypedScenarioBuilder, typedScenario } from './scenario/typed-builder.js';
export type { ScenarioIssue, ScenarioValidation, ValidateOptions } from './scenario/validate.js';
export {
  formatIssue,
  parseScenario,
  ScenarioFormatError,
  validateScenario,
  validateScenarioText,
} from './scenario/validate.js';
