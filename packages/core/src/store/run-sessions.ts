import type { AdapterDefinition } from '../adapters/adapter.js';
import type { ProtocolOption } from '../adapters/auto.js';
import { EventIdLog } from '../adapters/event-id-log.js';
import { networkError, type ToolStreamError, TransportFailure } from '../errors.js';
import type { StreamEvent } from '../protocol/events.js';
import { createStreamReader, type StreamReader } from '../reader/stream-reader.js';
import type { ToolStreamState } from '../reducer/state.js';
import type { Tap } from '../tap/tap.js';
import type { ResumeToken, ToolStreamTransport, TransportSink } from '../transport/transport.js';
import type { BatchedState } from './batched-state.js';

/** One connection (or one stream fed through `ingest*`) writing into the current turn. */
export interface Session {
  readonly controller: AbortController;
  readonly reader: StreamReader;
  /** The stream said it is done (or ended it with a fatal error). */
  sawDone: boolean;
  ended: boolean;
  /** A transport request feeds it (else `ingest*` does). */
  requested: boolean;
  /** The server has answered the request with a stream. */
  answered: boolean;
  /** Stopped before the server named the run: cancel it as soon as it does. */
  cancelWhenNamed: boolean;
  runId: string | null;
}

/** What a {@link RunSessions} needs from its store. */
export interface RunSessionOptions {
  state: BatchedState;
  transport: ToolStreamTransport | null;
  protocol: ProtocolOption | undefined;
  protocols: readonly AdapterDefinition[] | undefined;
  onFinish: ((state: ToolStreamState) => void) | undefined;
  onError: ((error: ToolStreamError) => void) | undefined;
  tap: Tap;
}

/**
 * The sessions of one store, at most one current: opening one, reading a transport's stream into
 * it, ending it exactly once however it ends (done, failed, stopped, detached), and cancelling
 * runs on the server — also a run whose request is still waiting for its answer when it is
 * stopped. The store decides when; this does it.
 */
export interface RunSessions {
  readonly current: Session | null;
  /** Opens the current session; `appliedIds` continue a named run's dedupe when re-attaching it. */
  open(appliedIds?: EventIdLog): Session;
  /** Reads the stream `open` starts into `session` until it ends, whatever way it ends. */
  stream(session: Session, open: (sink: TransportSink, signal: AbortSignal) => Promise<void>): Promise<void>;
  /** Ends a session once: closes its turn's open calls, records the error, tells the callbacks. */
  finish(
    session: Session,
    status: 'done' | 'error' | 'aborted' | 'idle',
    error: ToolStreamError | null,
  ): void;
  /** Stops the current session's run here and on the server (see PROTOCOL.md §5). */
  stop(): Promise<void>;
  /** Leaves the current session without cancelling its run. */
  detach(): void;
  /** Asks the server to cancel `runId`; a failure is recorded, not thrown. */
  cancelOnServer(runId: string): Promise<void>;
  /** The dedupe log to re-attach `token`'s run with (the ids this store applied, and the token's). */
  appliedIdsFor(token: ResumeToken): EventIdLog;
  /** Forgets the ids of the last named run (the conversation was replaced). */
  forget(): void;
}

export function createRunSessions(options: RunSessionOptions): RunSessions {
  const { state, transport, tap } = options;
  const { dispatch } = state;
  let current: Session | null = null;
  // The SSE ids the last named run applied here, so that re-attaching it on this store skips an
  // event a server replays (some replay from Last-Event-ID inclusive, or overlap after a drop).
  let lastApplied: { runId: string; ids: EventIdLog } | null = null;

  const sessions: RunSessions = {
    get current() {
      return current;
    },

    open(appliedIds) {
      const emit = (event: StreamEvent) => {
        if (session.ended) return;
        // A fatal error in the stream ends the run as `done` does: nothing after it is read, and a
        // connection dropped right after it is not re-attached (the turn has ended).
        if (event.type === 'done' || event.type === 'server-error') session.sawDone = true;
        dispatch(event);
      };
      const session: Session = {
        controller: new AbortController(),
        reader: createStreamReader(emit, {
          protocol: options.protocol,
          protocols: options.protocols,
          appliedIds,
          tap,
        }),
        sawDone: false,
        ended: false,
        requested: false,
        answered: false,
        cancelWhenNamed: false,
        runId: null,
      };
      current = session;
      tap.noConnection();
      return session;
    },

    async stream(session, open) {
      try {
        await open(sinkFor(session), session.controller.signal);
        sessions.finish(session, 'done', null);
      } catch (cause) {
        if (session.controller.signal.aborted) {
          sessions.finish(session, session.controller.signal.reason === 'detach' ? 'idle' : 'aborted', null);
          return;
        }
        const detail = cause instanceof TransportFailure ? cause.detail : null;
        const error: ToolStreamError =
          detail === null || detail.code === 'aborted'
            ? networkError(cause instanceof Error ? cause.message : 'The connection failed.')
            : { ...detail, fatal: true };
        sessions.finish(session, 'error', error);
      }
    },

    finish(session, status, error) {
      if (session.ended) return;
      if (status === 'done') session.reader.end();
      if (session.reader.protocol !== null) dispatch({ type: 'run-info', protocol: session.reader.protocol });
      session.ended = true;
      if (current === session) current = null;
      dispatch({ type: 'run-end', status, error });
      state.flush();
      const finished = state.api.getState();
      if (finished.run.runId !== null) {
        lastApplied = { runId: finished.run.runId, ids: session.reader.appliedIds };
      }
      if (error?.fatal) options.onError?.(error);
      if (status !== 'idle') options.onFinish?.(finished);
    },

    async stop() {
      const session = current;
      if (session === null) return;
      const runId = session.runId ?? state.api.getState().run.runId;
      sessions.finish(session, 'aborted', null);
      if (runId === null && session.requested && !session.answered) {
        // The request has not been answered yet: the server may already be running it. Keep the
        // request open until the answer names the run, then cancel it (see sinkFor).
        session.cancelWhenNamed = true;
        return;
      }
      session.controller.abort('stop');
      if (runId !== null && session.requested) await sessions.cancelOnServer(runId);
    },

    detach() {
      const session = current;
      if (session === null) return;
      session.controller.abort('detach');
      sessions.finish(session, 'idle', null);
    },

    async cancelOnServer(runId) {
      if (transport === null) return;
      try {
        await transport.cancel(runId);
        if (tap.active) tap.connection({ type: 'cancel', runId, ok: true });
      } catch (cause) {
        const reason = cause instanceof Error ? cause.message : 'unknown error';
        if (tap.active) tap.connection({ type: 'cancel', runId, ok: false, message: reason });
        dispatch({
          type: 'error',
          error: networkError(`Could not ask the server to cancel run ${runId}: ${reason}`, false),
        });
        state.flush();
      }
    },

    appliedIdsFor(token) {
      const applied = lastApplied?.runId === token.runId ? lastApplied.ids.clone() : new EventIdLog();
      if (token.lastEventId !== null) applied.add(token.lastEventId);
      return applied;
    },

    forget() {
      lastApplied = null;
    },
  };

  const sinkFor = (session: Session): TransportSink => ({
    open: () => session.reader.restart(),
    chunk(bytes) {
      session.reader.feed(bytes);
      return !session.sawDone && !session.ended;
    },
    status(status) {
      if (status === 'streaming') session.answered = true;
      if (session.ended) {
        // Stopped while the request was pending, and the answer came without a run name:
        // closing the connection is how such a server is told to stop.
        if (status === 'streaming' && session.cancelWhenNamed) session.controller.abort('stop');
        return;
      }
      dispatch({ type: 'status', status });
    },
    runId(runId) {
      session.runId = runId;
      if (session.cancelWhenNamed) {
        session.cancelWhenNamed = false;
        session.controller.abort('stop');
        void sessions.cancelOnServer(runId);
        return;
      }
      if (!session.ended) dispatch({ type: 'run-info', runId });
    },
    lastEventId() {
      state.flush();
      return state.api.getState().run.lastEventId;
    },
    serverRetryMs: () => session.reader.serverRetryMs,
    connection(event) {
      if (tap.active) tap.connection(event);
    },
  });

  return sessions;
}
