import { describe, expect, it } from 'vitest';
import type { PendingAsks } from '../input/pending-input.js';
import { createMemoryRunStore } from './memory-store.js';

const pending = (runId: string): PendingAsks => ({
  runId,
  owner: 'ada',
  savedAt: 1,
  calls: [
    {
      id: 'call_1',
      name: 'send_email',
      kind: 'approval',
      editable: true,
      args: { to: 'a@b.c' },
      delegation: null,
    },
  ],
  state: { step: 1 },
});

describe('memory store: pending asks', () => {
  it('keeps a copy until its time to live has passed, then forgets it', async () => {
    let now = 1000;
    const store = createMemoryRunStore({ pendingTtlMs: 500, now: () => now });
    const record = pending('run_a');
    await store.savePending(record);
    record.calls[0]!.args.to = 'changed@example.com';
    expect(await store.getPending('run_a')).toEqual({ pending: pending('run_a'), answered: false });
    now = 1499;
    expect(await store.getPending('run_a')).not.toBeNull();
    now = 1500;
    expect(await store.getPending('run_a')).toBeNull();
    expect(await store.claimPending('run_a')).toBe(false);
    await store.close();
  });

  it('is claimed once', async () => {
    const store = createMemoryRunStore();
    await store.savePending(pending('run_a'));
    const claims = await Promise.all(Array.from({ length: 5 }, () => store.claimPending('run_a')));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await store.getPending('run_a'))?.answered).toBe(true);
    expect(await store.claimPending('run_never')).toBe(false);
    await store.close();
  });

  it('keeps at most maxRuns records, dropping the oldest', async () => {
    const store = createMemoryRunStore({ maxRuns: 2 });
    for (const id of ['run_1', 'run_2', 'run_3']) await store.savePending(pending(id));
    expect(await store.getPending('run_1')).toBeNull();
    expect(await store.getPending('run_2')).not.toBeNull();
    expect(await store.getPending('run_3')).not.toBeNull();
    await store.close();
  });
});
