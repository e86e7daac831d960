/** A source a relay reads: an async iterable, or a `ReadableStream` (every runtime's). */
export type PullSource<T> = AsyncIterable<T> | ReadableStream<T>;

/**
 * Reads `source` into `take`, chunk after chunk, until it ends or `signal` aborts. `take` may
 * return a promise to wait on before the next chunk (backpressure). Leaving early (an abort, or
 * `take` throwing) cancels the source, at once even while a read is waiting: a cancelled run
 * closes its upstream instead of holding it open until the provider sends something.
 */
export function pullSource<T>(
  source: PullSource<T>,
  signal: AbortSignal,
  take: (chunk: T) => Promise<unknown> | undefined,
): Promise<void> {
  return typeof (source as Partial<ReadableStream<T>>).getReader === 'function'
    ? pullStream(source as ReadableStream<T>, signal, take)
    : pullIterable(source as AsyncIterable<T>, signal, take);
}

// A reader's cancel() settles its waiting read at once (done), so an abort needs no race.
async function pullStream<T>(
  source: ReadableStream<T>,
  signal: AbortSignal,
  take: (chunk: T) => Promise<unknown> | undefined,
): Promise<void> {
  const reader = source.getReader();
  const stop = () => void reader.cancel(signal.reason).catch(() => {});
  signal.addEventListener('abort', stop, { once: true });
  try {
    while (!signal.aborted) {
      const { done, value } = await reader.read();
      if (done) return;
      const wait = take(value);
      if (wait !== undefined) await wait;
    }
  } finally {
    signal.removeEventListener('abort', stop);
    reader.cancel().catch(() => {}); // a no-op on a stream that ended
    reader.releaseLock();
  }
}

// An iterator's return() waits for its pending next(), so an abort settles the read itself.
// (Not Promise.race against one abort promise: each race would leave a reaction on it, one per chunk.)
async function pullIterable<T>(
  source: AsyncIterable<T>,
  signal: AbortSignal,
  take: (chunk: T) => Promise<unknown> | undefined,
): Promise<void> {
  const iterator = source[Symbol.asyncIterator]();
  let settleRead: ((result: IteratorResult<T>) => void) | null = null;
  const stop = () => settleRead?.({ done: true, value: undefined });
  signal.addEventListener('abort', stop, { once: true });
  let ended = false;
  try {
    while (!signal.aborted) {
      const result = await new Promise<IteratorResult<T>>((resolve, reject) => {
        settleRead = resolve;
        iterator.next().then(resolve, reject);
      });
      if (result.done) {
        ended = !signal.aborted;
        return;
      }
      const wait = take(result.value);
      if (wait !== undefined) await wait;
    }
  } finally {
    signal.removeEventListener('abort', stop);
    if (!ended) void Promise.resolve(iterator.return?.()).catch(() => {});
  }
}
