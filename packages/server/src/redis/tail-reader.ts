import type { RedisDuplicateLike } from './redis-connection.js';
import type { Send } from './scripts.js';
import { compareIds, parseXread, type StreamEntry } from './stream-entries.js';

/** Options of {@link TailReader}. */
export interface TailReaderOptions {
  /** The reader's own connection (blocked most of the time). */
  connection: RedisDuplicateLike;
  /** The store's command connection, to wake the blocked one. */
  send: Send;
  /** How long one `XREAD` blocks, in ms. */
  blockMs: number;
  /** Told when a read fails (the reader retries after a pause). */
  onError(error: unknown): void;
}

interface Listener {
  /** The id of the last entry this listener has. */
  after: string;
  deliver(entries: StreamEntry[]): void;
}

/**
 * Every live tail of one process on one connection: a single `XREAD BLOCK` over all the streams
 * being watched, each from the oldest position any of its listeners needs. A thousand clients
 * tailing a thousand runs cost one blocked connection, not a thousand. A new stream to watch wakes
 * the blocked read (`CLIENT UNBLOCK`), so it is included at once.
 */
export class TailReader {
  readonly #options: TailReaderOptions;
  readonly #streams = new Map<string, Set<Listener>>();
  #closed = false;
  #running = false;
  /** The blocked connection's id, for `CLIENT UNBLOCK`. */
  #clientId: string | null = null;
  /** Set when the streams changed since the current read was sent. */
  #stale = false;
  #waking = false;
  #idle: (() => void) | null = null;
  #loop: Promise<void> | null = null;

  constructor(options: TailReaderOptions) {
    this.#options = options;
  }

  /**
   * Delivers the entries of `key` after `after`, as they arrive, until the returned function is
   * called.
   */
  watch(key: string, after: string, deliver: (entries: StreamEntry[]) => void): () => void {
    const listener: Listener = { after, deliver };
    let listeners = this.#streams.get(key);
    if (listeners === undefined) {
      listeners = new Set();
      this.#streams.set(key, listeners);
    }
    listeners.add(listener);
    this.#start();
    this.#wake();
    return () => {
      const set = this.#streams.get(key);
      if (set === undefined) return;
      set.delete(listener);
      // The next read leaves it out; no need to wake the current one for that.
      if (set.size === 0) this.#streams.delete(key);
    };
  }

  /** Streams watched now. */
  get size(): number {
    return this.#streams.size;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#idle?.();
    this.#streams.clear();
    // The blocked read returns when its connection closes (the store closes it after this).
  }

  /** Resolves when the loop has stopped (after close and the connection's end). */
  get stopped(): Promise<void> {
    return this.#loop ?? Promise.resolve();
  }

  #start(): void {
    if (this.#running || this.#closed) return;
    this.#running = true;
    this.#loop = this.#run().finally(() => {
      this.#running = false;
    });
  }

  async #run(): Promise<void> {
    const { connection, blockMs } = this.#options;
    let failures = 0;
    while (!this.#closed) {
      if (this.#streams.size === 0) {
        await new Promise<void>((resolve) => {
          this.#idle = resolve;
        });
        this.#idle = null;
        continue;
      }
      this.#stale = false;
      const keys = [...this.#streams.keys()];
      const ids = keys.map((key) => this.#oldest(key));
      let reply: unknown;
      try {
        // Its failure is the XREAD's too (one connection), handled below; left alone it would be
        // an unhandled rejection when the read fails first (the store's close destroys both).
        const id = connection.sendCommand(['CLIENT', 'ID']).then(
          (value) => {
            this.#clientId = String(value);
          },
          () => {},
        );
        reply = await connection.sendCommand([
          'XREAD',
          'COUNT',
          '1000',
          'BLOCK',
          String(blockMs),
          'STREAMS',
          ...keys,
          ...ids,
        ]);
        await id;
        failures = 0;
      } catch (error) {
        if (this.#closed) return;
        this.#options.onError(error);
        failures++;
        await pause(Math.min(1000, 50 * 2 ** Math.min(failures, 5)));
        continue;
      }
      const from = new Map(keys.map((key, i) => [key, ids[i]!]));
      for (const [key, entries] of parseXread(reply)) this.#deliver(key, entries, from.get(key) ?? '0-0');
    }
  }

  #oldest(key: string): string {
    let oldest: string | null = null;
    for (const listener of this.#streams.get(key) ?? []) {
      if (oldest === null || compareIds(listener.after, oldest) < 0) oldest = listener.after;
    }
    return oldest ?? '0-0';
  }

  /** Delivers what a read from `from` returned to the listeners it serves. */
  #deliver(key: string, entries: StreamEntry[], from: string): void {
    if (entries.length === 0) return;
    for (const listener of [...(this.#streams.get(key) ?? [])]) {
      // A listener that joined during this read, behind where it started: the entries between
      // are not in this reply. The next read starts from it (the oldest position) and brings them.
      if (compareIds(listener.after, from) < 0) continue;
      // Listeners that joined later than others already have the older entries.
      const fresh = entries.filter((entry) => compareIds(entry.id, listener.after) > 0);
      if (fresh.length === 0) continue;
      listener.after = fresh[fresh.length - 1]!.id;
      listener.deliver(fresh);
    }
  }

  /**
   * Makes the loop read again with the current streams: wakes it when idle, or unblocks its
   * read. `CLIENT UNBLOCK` answers 0 when the read has not reached Redis yet; then it tries
   * again shortly, until the loop has sent a read that includes the change.
   */
  #wake(): void {
    this.#stale = true;
    if (this.#idle !== null) {
      this.#idle();
      return;
    }
    if (this.#waking) return;
    this.#waking = true;
    void (async () => {
      try {
        for (let attempt = 0; this.#stale && !this.#closed && attempt < 500; attempt++) {
          const id = this.#clientId;
          const unblocked = id === null ? 0 : Number(await this.#options.send(['CLIENT', 'UNBLOCK', id]));
          if (unblocked === 1) {
            // The loop will read again; wait for it rather than unblock its next read too.
            for (let wait = 0; this.#stale && !this.#closed && wait < 50; wait++) await pause(2);
          } else await pause(2);
        }
      } catch (error) {
        this.#options.onError(error);
      } finally {
        this.#waking = false;
      }
    })();
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
