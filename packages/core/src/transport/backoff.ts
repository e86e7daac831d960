/** How reconnection waits between attempts. */
export interface ReconnectOptions {
  /** Attempts after a drop before giving up. Default 5. */
  maxAttempts: number;
  /** First wait, when the server sent no `retry:`. Default 1000 ms. */
  initialDelayMs: number;
  /** Longest wait. Default 30 000 ms. */
  maxDelayMs: number;
}

export const DEFAULT_RECONNECT: ReconnectOptions = {
  maxAttempts: 5,
  initialDelayMs: 1000,
  maxDelayMs: 30_000,
};

/**
 * Exponential backoff with "equal jitter": half the delay is fixed, half random, so many
 * clients dropped at once do not come back at once. The server's `retry:` replaces the base.
 */
export function backoffDelay(
  attempt: number,
  options: ReconnectOptions,
  serverRetryMs: number | null,
  random: () => number = Math.random,
): number {
  const base = serverRetryMs ?? options.initialDelayMs;
  const exponential = Math.min(options.maxDelayMs, base * 2 ** Math.max(0, attempt - 1));
  return exponential / 2 + random() * (exponential / 2);
}

/** Waits `ms`, or rejects as soon as `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
