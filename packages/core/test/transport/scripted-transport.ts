import type {
  ResumeToken,
  ToolStreamTransport,
  TransportSink,
  TurnRequest,
} from '../../src/transport/transport.js';
import { utf8 } from '../harness.js';

/** What one request of a {@link scriptedTransport} answers. */
export interface Answer {
  /** The SSE text to stream. */
  sse: string;
  /** Cut the stream into reads of this many bytes (default: one read). */
  readBytes?: number;
  /** Fail (a dropped connection) after this many reads, or at the end, instead of ending cleanly. */
  dropAfterReads?: number;
  /** The run id the server names (`X-Run-Id`). */
  runId?: string;
}

/** A transport that answers each `send` with the next scripted answer, and records what it was asked. */
export interface ScriptedTransport extends ToolStreamTransport {
  readonly requests: TurnRequest[];
  readonly cancelled: string[];
}

/**
 * A {@link ToolStreamTransport} with no network: the store drives it through the transport
 * interface exactly as it drives the HTTP transport, so conversation tests exercise the real
 * store and only the bytes are scripted.
 */
export function scriptedTransport(answers: Answer[]): ScriptedTransport {
  const queue = [...answers];
  const requests: TurnRequest[] = [];
  const cancelled: string[] = [];
  const play = async (answer: Answer | undefined, sink: TransportSink, signal: AbortSignal) => {
    if (answer === undefined) throw new Error('the script has no answer left');
    sink.status('connecting');
    sink.open();
    await Promise.resolve();
    if (answer.runId !== undefined) sink.runId(answer.runId);
    sink.status('streaming');
    const bytes = utf8(answer.sse);
    const size = answer.readBytes ?? Math.max(bytes.length, 1);
    let reads = 0;
    for (let start = 0; start < bytes.length; start += size) {
      if (signal.aborted) throw new Error('aborted');
      if (answer.dropAfterReads !== undefined && reads >= answer.dropAfterReads) {
        throw new Error('The connection dropped.');
      }
      reads++;
      if (!sink.chunk(bytes.subarray(start, start + size))) return;
      await Promise.resolve();
    }
    // A stream shorter than the planned drop still ends without its clean end: dropped.
    if (answer.dropAfterReads !== undefined) throw new Error('The connection dropped.');
  };
  return {
    requests,
    cancelled,
    send(request, sink, signal) {
      requests.push(request);
      return play(queue.shift(), sink, signal);
    },
    resume(_token: ResumeToken, sink, signal) {
      return play(queue.shift(), sink, signal);
    },
    async cancel(runId) {
      cancelled.push(runId);
    },
  };
}
