import type { AwaitedCall } from '../input/pending-input.js';
import type { FrameInput, RunEnding, RunStore } from '../store/run-store.js';
import { utf8Length } from '../store/utf8-length.js';
import { createRunWriter, type FrameSink, type RunWriter } from '../writer/run-writer.js';
import { endedBy, RunEndedError, type RunEndReason } from './run-ended.js';
import { DONE, failed } from './terminal-frames.js';

/** Options of {@link startProducer}. */
export interface ProducerOptions {
  store: RunStore;
  runId: string;
  /** Who the run belongs to, kept with what it asks for. */
  owner: string | null;
  /** Largest frame `data`, in UTF-8 bytes: a larger write throws a `RangeError`. */
  maxFrameBytes: number;
  /** The run fails with a time-limit error after this long. */
  maxDurationMs: number;
  /** What the client is told when the backend's code throws (never the error itself, by default). */
  describeError(error: unknown): RunEnding;
  /** Told when storing fails (the backing service is down) or the code throws. */
  onError(error: unknown): void;
}

/** The backend's code for one run: it writes with `writer` and stops when `signal` aborts. */
export type ProduceFn = (writer: RunWriter, signal: AbortSignal) => unknown;

/** A run being produced in this process. */
export interface Producer {
  readonly signal: AbortSignal;
  /** Settles when the backend's code has returned and the run has ended. */
  readonly done: Promise<void>;
  /** Ends the run from this side (shutdown, a client gone on a handler that keeps no runs). */
  stop(reason: RunEndReason, ending: RunEnding): Promise<void>;
}

/**
 * Runs the backend's code for one run: its writes are batched into the store in order (one
 * append in flight at a time), its `signal` aborts when the run ends by another hand (a `DELETE`
 * on any instance, a lease taken as lost, a limit), and the run ends when the code returns
 * (`done`), throws (`failed`, with a message that reveals nothing unless `describeError` does),
 * or calls `writer.error()`. Frames written after the run ended are dropped.
 */
export function startProducer(options: ProducerOptions, produce: ProduceFn): Producer {
  const { store, runId } = options;
  const controller = new AbortController();
  let queue: FrameInput[] = [];
  let flushing: Promise<void> | null = null;
  // Set once the run's end is decided here or learnt from the store: later writes are dropped.
  let ended = false;
  let ending: Promise<unknown> = Promise.resolve();
  // What the run waits on (PROTOCOL.md §11), kept when it ends `done` with any left.
  const asks = new Map<string, AwaitedCall>();
  let state: unknown = null;

  const abort = (reason: RunEndedError) => {
    if (!controller.signal.aborted) controller.abort(reason);
  };

  const drain = async () => {
    // Writes made in the same tick go in one append.
    await Promise.resolve();
    try {
      while (queue.length > 0) {
        const batch = queue;
        queue = [];
        const result = await store.append(runId, batch);
        if (!result.ok) {
          // Ended elsewhere (cancelled, expired): this producer is fenced off.
          ended = true;
          queue = [];
          abort(endedBy(result.status));
        }
      }
    } finally {
      flushing = null;
    }
  };

  // Never rejects: a failed append ends the run (see failStore).
  const flush = (): Promise<void> => {
    if (flushing === null && queue.length > 0) flushing = drain().catch(failStore);
    return flushing ?? Promise.resolve();
  };

  const finish = (reason: RunEndReason | null, end: RunEnding): Promise<void> => {
    if (ended) return ending.then(() => {});
    ended = true;
    if (reason !== null) abort(new RunEndedError(reason, messageOf(end)));
    // What was written before the end is stored before it; an append that fails must not keep
    // the terminal frame from being written. The asks are kept before the end too: a client
    // that answers as soon as it reads `done` finds them.
    ending = flush()
      .then(() => keepAsks(end))
      .then((kept) => store.end(runId, kept))
      .catch(options.onError);
    return ending.then(() => {});
  };

  const sink: FrameSink = {
    write(frame) {
      if (ended || controller.signal.aborted) return;
      // `done` and `error` end a run for every client (PROTOCOL.md §2, §3): written raw, they end it here too.
      if (frame.event === 'done') {
        void finish(null, { status: 'done', frame });
        return;
      }
      if (frame.event === 'error') {
        void finish('ended', { status: 'failed', frame });
        return;
      }
      // A UTF-16 code unit is at most 3 UTF-8 bytes: most frames need no counting.
      const size = frame.data.length * 3 <= options.maxFrameBytes ? 0 : utf8Length(frame.data);
      if (size > options.maxFrameBytes) {
        throw new RangeError(
          `toolstream: a frame of ${size} bytes is larger than maxFrameBytes (${options.maxFrameBytes}).`,
        );
      }
      queue.push(frame);
      void flush();
    },
    fail(frame) {
      void finish('ended', { status: 'failed', frame });
    },
    flush,
    ask(call) {
      if (!ended) asks.set(call.id, call);
    },
    settle(callId) {
      asks.delete(callId);
    },
    checkpoint(value) {
      // A copy now: later changes to the agent's objects are not what it meant to keep.
      state = value === undefined ? null : JSON.parse(JSON.stringify(value));
    },
    get pending() {
      return queue.length;
    },
    signal: controller.signal,
  };

  // A run that ends `done` while calls wait leaves its asks for the continuation; if they cannot
  // be kept, it fails (a continuation would be refused), and says so.
  async function keepAsks(end: RunEnding): Promise<RunEnding> {
    if (end.status !== 'done' || asks.size === 0) return end;
    try {
      await store.savePending({
        runId,
        owner: options.owner,
        savedAt: Date.now(),
        calls: [...asks.values()],
        state,
      });
      return end;
    } catch (error) {
      options.onError(error);
      return failed('The server could not keep what the run asks for.', 'run-storage');
    }
  }

  // Storing failed (the backing service is unreachable): the run cannot go on.
  function failStore(error: unknown): void {
    options.onError(error);
    queue = [];
    void finish('ended', failed('The server lost the run’s storage.', 'run-storage'));
  }

  const hold = store.hold(runId, (status) => {
    if (ended) return; // the end this producer wrote itself
    ended = true;
    queue = [];
    abort(endedBy(status));
  });
  const timer = setTimeout(
    () => void finish('time-limit', failed('The run took longer than the server allows.', 'run-time-limit')),
    options.maxDurationMs,
  );

  const done = (async () => {
    const writer = createRunWriter(sink);
    try {
      await produce(writer, controller.signal);
      await finish(null, DONE);
    } catch (error) {
      // Thrown after the run was ended elsewhere (an abort the code rethrew): nothing to say.
      if (!ended) {
        options.onError(error);
        await finish(null, options.describeError(error));
      }
    } finally {
      clearTimeout(timer);
      hold.release();
      await ending;
    }
  })();

  return {
    signal: controller.signal,
    done,
    stop: (reason, end) => finish(reason, end),
  };
}

function messageOf(ending: RunEnding): string {
  try {
    const parsed: unknown = JSON.parse(ending.frame.data);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as { message?: unknown }).message === 'string'
    ) {
      return (parsed as { message: string }).message;
    }
  } catch {
    // not JSON
  }
  return `The run ended (${ending.status}).`;
}
