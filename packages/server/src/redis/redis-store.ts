import type { PendingAsks } from '../input/pending-input.js';
import { failed } from '../run/terminal-frames.js';
import {
  type AppendResult,
  type FrameInput,
  type NewRun,
  type ReadOptions,
  type RunEnding,
  type RunHold,
  type RunRecord,
  type RunStore,
  RunStoreError,
  type StoredFrame,
  type StoredRunStatus,
} from '../store/run-store.js';
import { type RunKeys, runKeys, runningKey } from './keys.js';
import { closeClient, type RedisClientLike, type RedisDuplicateLike } from './redis-connection.js';
import {
  APPEND,
  CLAIM_PENDING,
  CREATE,
  END,
  INFO,
  RENEW,
  SAVE_PENDING,
  Script,
  type Send,
} from './scripts.js';
import { parseEntries, type StreamEntry } from './stream-entries.js';
import { TailReader } from './tail-reader.js';

/** Options of {@link createRedisRunStore}. */
export interface RedisRunStoreOptions {
  /** A connected node-redis client (`createClient({ url })` then `await client.connect()`); yours to close. */
  client: RedisClientLike;
  /** Key prefix. Default `toolstream`. */
  prefix?: string;
  /** Runs running at once across every instance; more are refused (503). Default: no limit. */
  maxRunning?: number;
  /** Frames kept per run for replay, oldest dropped first (a re-attach before them: 410). Default 10 000. */
  maxFramesPerRun?: number;
  /** A run still running after this long is ended `failed`. Default 1 hour. */
  runTtlMs?: number;
  /** How long an ended run is kept for late re-attaches. Default 5 minutes. */
  retentionMs?: number;
  /**
   * A producer renews its lease three times in this period; when the lease runs out (the process
   * died), readers end the run with an error within this time plus a second. Default 10 000 ms.
   */
  leaseMs?: number;
  /** How long what a run asked for (approvals, client tools) is kept for an answer. Default 24 hours. */
  pendingTtlMs?: number;
  /** How long one blocked read waits before it is sent again, in ms. Default 5000. */
  blockMs?: number;
  /** Told of errors the store recovers from (a failed read it retries, a lease it could not renew). */
  onError?(error: unknown): void;
}

/** The Redis store, with what its tests and operators may want to look at. */
export interface RedisRunStore extends RunStore {
  /** Streams this process tails now (live reads and producers' control streams). */
  readonly tailedStreams: number;
}

const LOST = failed('The agent stopped responding: the server running it went away.', 'run-lost');
const EXPIRED = failed('The run took longer than the server allows.', 'run-expired');

/** A run read live in this process. */
interface Watched {
  keys: RunKeys;
  readers: number;
  /** Set when the run's keys are gone (Redis lost them): its readers stop. */
  lost: boolean;
  wakeAll: Set<() => void>;
}

interface Held {
  keys: RunKeys;
  onEnded(status: StoredRunStatus): void;
  unwatch(): void;
}

/**
 * Runs on Redis Streams, shared by every instance of a backend: a run started on one instance
 * can be re-attached, read and cancelled on any other.
 *
 * - One stream per run; its entry ids are the run's sequence numbers (`<seq>-0`), which are the
 *   SSE ids. Appends go through a script that refuses a run that is no longer running, so a
 *   producer that was cancelled (or taken for dead) cannot write after its end.
 * - Replay is `XRANGE`; live tails share one `XREAD BLOCK` per process on a connection of their own.
 * - A `DELETE` anywhere sets the run's status and writes its terminal frame (one script), and
 *   notifies the producer through a control stream it reads with the tails — durable, unlike
 *   pub/sub; the producer also learns it at its next append or lease renewal.
 * - A producer holds a lease; readers that find it gone end the run with an error frame.
 * - Every key expires: a running run after `runTtlMs` plus retention, an ended one after `retentionMs`.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { createRedisRunStore } from '@toolstream/server/redis';
 *
 * const client = await createClient({ url: process.env.REDIS_URL }).connect();
 * const store = createRedisRunStore({ client });
 * const handler = createRunHandler({ store, start });
 * ```
 */
export function createRedisRunStore(options: RedisRunStoreOptions): RedisRunStore {
  const { client } = options;
  const prefix = options.prefix ?? 'toolstream';
  const maxRunning = options.maxRunning ?? 0;
  const maxLen = String(options.maxFramesPerRun ?? 10_000);
  const runTtlMs = options.runTtlMs ?? 60 * 60 * 1000;
  const retentionMs = options.retentionMs ?? 5 * 60 * 1000;
  const leaseMs = options.leaseMs ?? 10_000;
  const pendingTtlMs = options.pendingTtlMs ?? 24 * 60 * 60 * 1000;
  const onError = options.onError ?? (() => {});
  const send: Send = (args) => client.sendCommand(args);
  const running = runningKey(prefix);
  const scripts = {
    create: new Script(CREATE),
    append: new Script(APPEND),
    end: new Script(END),
    info: new Script(INFO),
    renew: new Script(RENEW),
    savePending: new Script(SAVE_PENDING),
    claimPending: new Script(CLAIM_PENDING),
  };

  let blocking: RedisDuplicateLike | null = null;
  let reader: TailReader | null = null;
  let connecting: Promise<TailReader> | null = null;
  const tail = (): Promise<TailReader> => {
    // After close, no new connection (it would never be closed).
    if (closed) return Promise.reject(new Error('The run store is closed.'));
    connecting ??= (async () => {
      const connection = client.duplicate();
      connection.on?.('error', onError);
      try {
        await connection.connect();
      } catch (error) {
        connecting = null; // the next tail tries again
        throw error;
      }
      if (closed) {
        // Closed while this connection was opening: close() could not see it.
        connection.destroy?.();
        throw new Error('The run store is closed.');
      }
      blocking = connection;
      reader = new TailReader({ connection, send, blockMs: options.blockMs ?? 5000, onError });
      return reader;
    })();
    return connecting;
  };

  // Producers held by this process, renewed together; runs read here, checked for a lost producer.
  const held = new Map<string, Held>();
  const watched = new Map<string, Watched>();
  let closed = false;

  const end = async (runId: string, ending: RunEnding, onlyWithoutLease: boolean): Promise<boolean> => {
    const keys = runKeys(prefix, runId);
    const seq = await scripts.end.run(
      send,
      [keys.meta, keys.frames, keys.control, keys.lease, running],
      [
        ending.status,
        ending.frame.event ?? '',
        ending.frame.data,
        String(retentionMs),
        onlyWithoutLease ? '1' : '0',
        runId,
        String(Date.now()),
        maxLen,
      ],
    );
    return Number(seq) > 0;
  };

  const info = async (runId: string): Promise<RunRecord | null> => {
    const keys = runKeys(prefix, runId);
    const reply = await scripts.info.run(send, [keys.meta, keys.frames], []);
    if (!Array.isArray(reply)) return null;
    const [status, owner, seq, created, ended, kept] = reply as (string | number | null)[];
    const lastSeq = Number(seq);
    return {
      id: runId,
      status: String(status) as StoredRunStatus,
      owner: parseOwner(owner),
      lastSeq,
      firstSeq: lastSeq - Number(kept) + 1,
      createdAt: Number(created),
      endedAt: ended === null || ended === undefined ? null : Number(ended),
    };
  };

  // Renew every held lease a third of the way through it; learn of ends the control stream missed.
  const renewTimer = setInterval(
    () => {
      for (const [runId, hold] of held) {
        scripts.renew.run(send, [hold.keys.meta, hold.keys.lease], [String(leaseMs)]).then((status) => {
          if (status !== 'running' && held.get(runId) === hold)
            endHold(runId, String(status) as StoredRunStatus);
        }, onError);
      }
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  );
  (renewTimer as { unref?: () => void }).unref?.();

  // A run read here whose producer's lease ran out is ended, so its readers stop waiting.
  const checkTimer = setInterval(
    () => {
      for (const [runId, entry] of watched) {
        if (held.has(runId)) continue; // its producer is this process, alive
        void checkProducer(runId, entry.keys).catch(onError);
      }
    },
    Math.min(1000, leaseMs),
  );
  (checkTimer as { unref?: () => void }).unref?.();

  const checkProducer = async (runId: string, keys: RunKeys) => {
    const [status, created] = (await send(['HMGET', keys.meta, 'status', 'created'])) as (string | null)[];
    if (status === null || status === undefined) {
      // Redis lost the run (a restart without persistence): nothing more will come.
      const entry = watched.get(runId);
      if (entry !== undefined) {
        entry.lost = true;
        for (const wake of entry.wakeAll) wake();
      }
      return;
    }
    if (status !== 'running') return;
    if (Number(created) + runTtlMs < Date.now()) {
      await end(runId, EXPIRED, false);
      return;
    }
    if (Number(await send(['EXISTS', keys.lease])) === 0) await end(runId, LOST, true);
  };

  const endHold = (runId: string, status: StoredRunStatus) => {
    const hold = held.get(runId);
    if (hold === undefined) return;
    held.delete(runId);
    hold.unwatch();
    hold.onEnded(status);
  };

  const store: RedisRunStore = {
    get tailedStreams() {
      return reader?.size ?? 0;
    },

    async create(run: NewRun) {
      const keys = runKeys(prefix, run.id);
      const now = Date.now();
      const created = Number(
        await scripts.create.run(
          send,
          [keys.meta, keys.frames, keys.control, keys.lease, running],
          [
            run.id,
            JSON.stringify(run.owner),
            String(run.createdAt),
            String(runTtlMs + retentionMs),
            String(leaseMs),
            String(maxRunning),
            String(now),
            String(runTtlMs),
          ],
        ),
      );
      if (created === -1) throw new Error(`A run ${run.id} exists already.`);
      if (created === 0) {
        throw new RunStoreError(
          'capacity',
          `${maxRunning} runs are running already; try again shortly.`,
          5000,
        );
      }
    },

    get: info,

    async append(runId, frames: readonly FrameInput[]): Promise<AppendResult> {
      if (frames.length === 0) {
        // Nothing to write, but the same answer as a write: a run that no longer runs refuses.
        const record = await info(runId);
        if (record === null) return { ok: false, status: 'unknown' };
        return record.status === 'running'
          ? { ok: true, lastSeq: record.lastSeq }
          : { ok: false, status: record.status };
      }
      const keys = runKeys(prefix, runId);
      const args = [maxLen];
      for (const frame of frames) args.push(frame.event ?? '', frame.data);
      const [ok, value] = (await scripts.append.run(send, [keys.meta, keys.frames], args)) as [
        number,
        unknown,
      ];
      return Number(ok) === 1
        ? { ok: true, lastSeq: Number(value) }
        : { ok: false, status: String(value) as StoredRunStatus };
    },

    end: (runId, ending) => end(runId, ending, false),

    async savePending(pending) {
      const { pending: key } = runKeys(prefix, pending.runId);
      await scripts.savePending.run(send, [key], [JSON.stringify(pending), String(pendingTtlMs)]);
    },

    async getPending(runId) {
      const { pending: key } = runKeys(prefix, runId);
      const [data, answered] = (await send(['HMGET', key, 'data', 'answered'])) as (string | null)[];
      if (typeof data !== 'string') return null;
      const pending = parsePending(data);
      return pending === null ? null : { pending, answered: answered !== '0' };
    },

    async claimPending(runId) {
      const { pending: key } = runKeys(prefix, runId);
      return Number(await scripts.claimPending.run(send, [key], [])) === 1;
    },

    read(runId, afterSeq, { signal }: ReadOptions): AsyncIterable<StoredFrame[]> {
      const keys = runKeys(prefix, runId);
      return {
        async *[Symbol.asyncIterator]() {
          let next = afterSeq + 1;
          // Replay: what the stream holds now, page by page.
          for (;;) {
            if (signal.aborted) return;
            const reply = await send(['XRANGE', keys.frames, `${next}-0`, '+', 'COUNT', '500']);
            const entries = parseEntries(reply);
            if (entries.length === 0) break;
            const frames = entries.map(toFrame);
            if (frames[0]!.seq !== next) {
              throw new RunStoreError('gone', `Frames after ${next - 1} of run ${runId} are no longer kept.`);
            }
            next = frames[frames.length - 1]!.seq + 1;
            yield frames;
            if (frames[frames.length - 1]!.end !== undefined) return;
          }
          if (signal.aborted) return;
          const record = await info(runId);
          if (record === null) {
            if (next === afterSeq + 1) throw new RunStoreError('unknown', `Unknown run ${runId}.`);
            return;
          }
          if (record.status !== 'running' && record.lastSeq < next) return;
          if (closed) return;

          // Live: the process's shared tail, from where the replay stopped.
          const reader = await tail().catch((error: unknown) => {
            if (closed) return null; // closed meanwhile: the read ends, as a waiting one does
            throw error;
          });
          if (reader === null) return;
          const queue: StoredFrame[] = [];
          let wake: (() => void) | null = null;
          const unwatch = reader.watch(keys.frames, `${next - 1}-0`, (entries: StreamEntry[]) => {
            for (const entry of entries) queue.push(toFrame(entry));
            wake?.();
          });
          const entry: Watched = watched.get(runId) ?? { keys, readers: 0, lost: false, wakeAll: new Set() };
          entry.readers++;
          watched.set(runId, entry);
          const onAbort = () => wake?.();
          entry.wakeAll.add(onAbort);
          signal.addEventListener('abort', onAbort);
          try {
            for (;;) {
              if (signal.aborted || closed) return;
              if (entry.lost && queue.length === 0) {
                throw new RunStoreError('unknown', `Run ${runId} is no longer kept.`);
              }
              if (queue.length === 0) {
                await new Promise<void>((resolve) => {
                  wake = resolve;
                });
                wake = null;
                continue;
              }
              const batch = queue.splice(0);
              // The stream drops its oldest entries while this reader waits: a frame it has not
              // read may be gone, and XREAD then starts after the hole. Say so, as the replay does.
              if (batch[0]!.seq !== next) {
                throw new RunStoreError(
                  'gone',
                  `Frames after ${next - 1} of run ${runId} are no longer kept.`,
                );
              }
              next = batch[batch.length - 1]!.seq + 1;
              yield batch;
              if (batch[batch.length - 1]!.end !== undefined) return;
            }
          } finally {
            entry.wakeAll.delete(onAbort);
            signal.removeEventListener('abort', onAbort);
            unwatch();
            entry.readers--;
            if (entry.readers === 0) watched.delete(runId);
          }
        },
      };
    },

    hold(runId, onEnded): RunHold {
      const keys = runKeys(prefix, runId);
      let released = false;
      let unwatch = () => {};
      const hold: Held = { keys, onEnded, unwatch: () => unwatch() };
      if (closed) return { release() {} };
      held.set(runId, hold);
      // The control stream: a DELETE on any instance writes there.
      void tail().then(
        (reader) => {
          if (released || held.get(runId) !== hold) return;
          unwatch = reader.watch(keys.control, '0-0', (entries) => {
            const status = entries[entries.length - 1]?.fields.get('end');
            if (status !== undefined && held.get(runId) === hold) endHold(runId, status as StoredRunStatus);
          });
        },
        (error: unknown) => onError(error),
      );
      return {
        release() {
          released = true;
          if (held.get(runId) === hold) held.delete(runId);
          unwatch();
        },
      };
    },

    async close() {
      closed = true;
      clearInterval(renewTimer);
      clearInterval(checkTimer);
      held.clear();
      // Readers waiting for frames stop (each sees `closed`); no more will come to them.
      for (const entry of watched.values()) for (const wake of entry.wakeAll) wake();
      await connecting?.catch(() => {}); // a connection still opening is destroyed when it opens
      const current = reader as TailReader | null;
      await current?.close();
      const connection = blocking as RedisDuplicateLike | null;
      if (connection !== null) {
        // Not a graceful close: it would wait for the blocked XREAD (up to blockMs) to answer.
        // Nothing pending on this connection is worth waiting for.
        if (connection.destroy !== undefined) connection.destroy();
        else await closeClient(connection);
        await current?.stopped;
      }
    },
  };
  return store;
}

function toFrame(entry: StreamEntry): StoredFrame {
  const frame: StoredFrame = { seq: Number(entry.id.split('-')[0]), data: entry.fields.get('d') ?? '' };
  const event = entry.fields.get('e');
  if (event !== undefined && event !== '') frame.event = event;
  const end = entry.fields.get('end');
  if (end !== undefined) frame.end = end as StoredFrame['end'] & string;
  return frame;
}

/** A pending record as stored; `null` for one that is not ours (the key holds our JSON only). */
function parsePending(data: string): PendingAsks | null {
  try {
    const value: unknown = JSON.parse(data, (key, inner) => (key === '__proto__' ? undefined : inner));
    return typeof value === 'object' && value !== null && Array.isArray((value as PendingAsks).calls)
      ? (value as PendingAsks)
      : null;
  } catch {
    return null;
  }
}

function parseOwner(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const owner: unknown = JSON.parse(value);
    return typeof owner === 'string' ? owner : null;
  } catch {
    return null;
  }
}
