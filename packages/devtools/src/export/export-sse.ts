import type { Recording } from '../recording/recording.js';
import type { RecordedConnection, RecordedFrame } from '../recording/types.js';
import type { ExportedFile, ExportOptions } from './export-scenario.js';
import { pickTurn } from './export-scenario.js';
import { frameDataText } from './frame-data.js';
import { Redaction } from './redact.js';
import { scenarioName } from './scenario-name.js';

/**
 * One turn as the raw bytes it arrived in (`<name>.sse`): each connection's stream as read, one
 * after the other, a comment line between them saying which connection follows. A dropped
 * connection's unfinished last frame is left out (the client dropped it too, and read it again
 * after re-attaching), so `reduceStream` of the file gives what the run gave: replays of the
 * overlap carry their ids and are dropped as they were.
 *
 * Text redaction applies to the bytes; redacting fields by path needs the frames' JSON, so then
 * the frames are written out again (said in the file's first line). A stream fed as frames or
 * objects (`ingestFrame`, `ingest`) has no bytes: its frames are written as SSE.
 */
export function exportSse(recording: Recording, options: Omit<ExportOptions, 'keywords'> = {}): ExportedFile {
  const turn = pickTurn(recording, options.turn);
  const redaction = new Redaction(options.redact);
  const name = scenarioName(options.name ?? turn.userText ?? 'run', options.name === undefined);
  const connections = turn.connections
    .map((id) => recording.connections[id - 1])
    .filter((c): c is RecordedConnection => c !== undefined && c.chunks.length > 0);
  const frames = recording.frames.slice(turn.firstFrame, turn.endFrame);
  let text: string;
  if (connections.length === 0 || redaction.rewritesFrames) {
    const note = redaction.rewritesFrames
      ? ': frames written again by @toolstream/devtools, fields redacted\n\n'
      : '';
    text =
      note +
      frames
        .filter((frame) => !frame.duplicate)
        .map((frame) => encode(frame, redaction))
        .join('');
  } else {
    text = connections
      .map((connection, i) => {
        const body = streamText(connection);
        const header =
          i === 0
            ? ''
            : `: connection ${i + 1}: ${connection.request.method} (re-attached${lastEventId(connection)})\n\n`;
        return header + body;
      })
      .join('');
    text = redaction.text(text);
  }
  return { name: `${name}.sse`, text, type: 'text/event-stream' };
}

/** A connection's bytes as text, cut after its last whole frame when it did not end cleanly. */
function streamText(connection: RecordedConnection): string {
  const decoder = new TextDecoder();
  let text = '';
  for (const { chunk } of connection.chunks) {
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  }
  text += decoder.decode();
  if (connection.close?.reason === 'end') return text;
  return text.slice(0, lastBoundary(text));
}

/** Where the last whole frame ends: after a blank line (SSE), or a line end (NDJSON). */
function lastBoundary(text: string): number {
  const ndjson = /^\s*[[{]/.test(text);
  if (ndjson) return text.lastIndexOf('\n') + 1;
  let end = 0;
  for (const separator of ['\n\n', '\r\n\r\n', '\r\r']) {
    const at = text.lastIndexOf(separator);
    if (at >= 0) end = Math.max(end, at + separator.length);
  }
  return end;
}

function lastEventId(connection: RecordedConnection): string {
  for (const [name, value] of Object.entries(connection.request.headers)) {
    if (name.toLowerCase() === 'last-event-id') return ` with Last-Event-ID ${value.replace(/[\r\n]/g, ' ')}`;
  }
  return '';
}

/** A frame as SSE, its data on as many `data:` lines as it has lines. */
function encode(recorded: RecordedFrame, redaction: Redaction): string {
  const { frame } = recorded;
  let out = '';
  if (frame.event !== undefined && frame.event !== '') out += `event: ${frame.event}\n`;
  if (frame.id !== undefined && frame.id !== '') out += `id: ${frame.id}\n`;
  for (const line of redaction.frameData(frameDataText(frame)).split(/\r\n|\r|\n/)) out += `data: ${line}\n`;
  return `${out}\n`;
}
