/**
 * @toolstream/mock/node — the parts that need Node: the real SSE server, reading scenario
 * files from disk, and the recorder (also exported from the main entry, which it needs nothing
 * of Node for).
 */

export type { RecordOptions, StreamRecording } from './recorder/record-stream.js';
export { recordStream } from './recorder/record-stream.js';
export type { MockServer, MockServerOptions } from './server/create-server.js';
export { createMockServer } from './server/create-server.js';
export { formatLogEntry } from './server/format-log.js';
export type { LoadScenariosOptions } from './server/load-scenarios.js';
export {
  loadScenarioLibrary,
  readScenarioDir,
  readScenarioFile,
  shippedScenariosDir,
} from './server/load-scenarios.js';
