/**
 * @toolstream/devtools/recording — what the panel records, without the panel (no DOM, no React):
 * record a store through its tap, export a run as a `@toolstream/mock` scenario or as its raw
 * `.sse` bytes (redacted first), and import such a file back into a recording.
 */

export type { ExportedFile, ExportOptions } from '../export/export-scenario.js';
export { ExportError, exportConversation, exportScenario } from '../export/export-scenario.js';
export { exportSse } from '../export/export-sse.js';
export { ImportError, importRecording } from '../export/import-recording.js';
export type { RedactOptions } from '../export/redact.js';
export { DEFAULT_KEPT_HEADERS, REDACTED } from '../export/redact.js';
export type { StoreRecording } from './recording.js';
export { Recording, recordStore } from './recording.js';
export type {
  RecordedConnection,
  RecordedError,
  RecordedFrame,
  RecordedTurn,
  StateChange,
  TimelineEntry,
} from './types.js';
