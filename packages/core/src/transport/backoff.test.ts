import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_RECONNECT, type ReconnectOptions, sleep } from './backoff.js';

const options: ReconnectOptions = { maxAttempts: 5, initialDelayMs: 100, maxDelayMs: 1000 };

describe('backoffDelay', () => {
  it('doubles from the initial delay, jitter spanning the upper half', () => {
    for (let attempt = 1; attempt <= 4; attempt++) {
      const full = options.initialDelayMs * 2 ** (attempt - 1);
      expect(backoffDelay(attempt, options, null, () => 0)).toBe(full / 2);
      expect(backoffDelay(attempt, options, null, () => 1)).toBe(full);
    }
  });

  it("takes the server's retry: as the base instead of the initial delay", () => {
    expect(backoffDelay(1, options, 40, () => 1)).toBe(40);
    expect(backoffDelay(3, options, 40, () => 1)).toBe(160);
  });

  it('never exceeds maxDelayMs, whatever the attempt or the server asks', () => {
    expect(backoffDelay(50, options, null, () => 1)).toBe(options.maxDelayMs);
    expect(backoffDelay(1, options, 60_000, () => 1)).toBe(options.maxDelayMs);
  });

  it('stays within [d/2, d] of the capped exponential delay d, for any input', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 120_000 }),
        fc.option(fc.integer({ min: 0, max: 120_000 })),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, initialDelayMs, maxDelayMs, serverRetryMs, r) => {
          const reconnect = { maxAttempts: 5, initialDelayMs, maxDelayMs };
          const base = serverRetryMs ?? initialDelayMs;
          const d = Math.min(maxDelayMs, base * 2 ** Math.max(0, attempt - 1));
          const delay = backoffDelay(attempt, reconnect, serverRetryMs, () => r);
          expect(delay).toBeGreaterThanOrEqual(d / 2);
          expect(delay).toBeLessThanOrEqual(d);
          expect(delay).toBeLessThanOrEqual(maxDelayMs);
        },
      ),
    );
  });

  it('grows monotonically with the attempt at a fixed random draw', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (attempt, r) => {
          const now = backoffDelay(attempt, DEFAULT_RECONNECT, null, () => r);
          const next = backoffDelay(attempt + 1, DEFAULT_RECONNECT, null, () => r);
          expect(next).toBeGreaterThanOrEqual(now);
        },
      ),
    );
  });
});

describe('sleep', () => {
  it('resolves after the wait', async () => {
    await expect(sleep(1, new AbortController().signal)).resolves.toBeUndefined();
  });

  it('rejects with the reason when already aborted', async () => {
    const controller = new AbortController();
    controller.abort('stop');
    await expect(sleep(10_000, controller.signal)).rejects.toBe('stop');
  });

  it('rejects as soon as the signal aborts, without waiting the delay', async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort('detach');
    await expect(waiting).rejects.toBe('detach');
  });
});
