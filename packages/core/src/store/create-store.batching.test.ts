import { afterEach, describe, expect, it } from 'vitest';
import { answerOf, callOrderOf, callsOf } from '../../test/harness.js';
import { installFakeFrames } from '../../test/transport/fake-frames.js';
import { encodeStream, textData, textEvents, toolPartData } from '../../test/transport/sse-events.js';
import { assistantText, waitForState } from '../../test/transport/wait-for.js';
import { createToolStreamStore, type ToolStreamStoreOptions } from './create-store.js';

/** Resolves after every microtask queued before it. */
const microtask = () => new Promise<void>((resolve) => queueMicrotask(resolve));

const parts = Array.from({ length: 40 }, (_, i) => `w${i} `);
/** The stream's wire text cut into small pieces, so many chunks reach the store. */
const chunks = (() => {
  const text = encodeStream(textEvents(parts));
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += 7) pieces.push(text.slice(i, i + 7));
  return pieces;
})();

function counted(options: ToolStreamStoreOptions = {}) {
  const store = createToolStreamStore(options);
  let notifications = 0;
  store.subscribe(() => {
    notifications++;
  });
  return { store, notifications: () => notifications };
}

let frames: ReturnType<typeof installFakeFrames> | null = null;
afterEach(() => {
  frames?.uninstall();
  frames = null;
});

describe('publishing', () => {
  it('outside a browser, publishes many synchronous chunks once, after the microtask', async () => {
    const { store, notifications } = counted();
    for (const chunk of chunks) store.ingestBytes(chunk);
    expect(notifications()).toBe(0);
    await microtask();
    expect(notifications()).toBe(1);
    expect(assistantText(store.getState())).toBe(parts.join(''));
  });

  it('with a custom schedule, asks it once and publishes when it says', () => {
    const asked: (() => void)[] = [];
    const { store, notifications } = counted({ schedule: (flush) => asked.push(flush) });
    for (const chunk of chunks) store.ingestBytes(chunk);
    expect(asked).toHaveLength(1);
    expect(notifications()).toBe(0);
    asked[0]!();
    expect(notifications()).toBe(1);
    expect(assistantText(store.getState())).toBe(parts.join(''));
    store.ingest(textData('more'));
    expect(asked).toHaveLength(2);
  });

  it('flush() publishes at once, and the scheduled publish then has nothing left to do', async () => {
    const { store, notifications } = counted();
    for (const chunk of chunks) store.ingestBytes(chunk);
    store.flush();
    expect(notifications()).toBe(1);
    expect(assistantText(store.getState())).toBe(parts.join(''));
    await microtask();
    expect(notifications()).toBe(1);
  });

  it('sync publishes every update', () => {
    const { store, notifications } = counted({ schedule: 'sync' });
    store.ingest(textData('a'));
    const afterOne = notifications();
    store.ingest(textData('b'));
    expect(afterOne).toBeGreaterThan(0);
    expect(notifications()).toBeGreaterThan(afterOne);
  });

  it('in a browser, publishes once per animation frame', async () => {
    frames = installFakeFrames();
    const { store, notifications } = counted();
    const half = Math.floor(chunks.length / 2);
    for (const chunk of chunks.slice(0, half)) store.ingestBytes(chunk);
    await microtask();
    expect(notifications()).toBe(0);
    expect(frames.requested()).toBe(1);
    frames.runFrame();
    expect(notifications()).toBe(1);

    for (const chunk of chunks.slice(half)) store.ingestBytes(chunk);
    expect(frames.requested()).toBe(2);
    frames.runFrame();
    expect(notifications()).toBe(2);
    expect(assistantText(store.getState())).toBe(parts.join(''));
  });

  it('in a hidden tab (no frames come), still publishes', async () => {
    frames = installFakeFrames();
    const { store } = counted();
    store.ingest(textData('hello'));
    const state = await waitForState(store, (s) => assistantText(s) === 'hello', 'the fallback publish');
    expect(state.status).toBe('streaming');
  });
});

describe('structural sharing', () => {
  it('keeps the identity of a call that did not change', () => {
    const store = createToolStreamStore({ schedule: 'sync' });
    store.ingest(toolPartData('c1', 'one', { complete: true }));
    store.ingest(toolPartData('c2', 'two '));
    const before = store.getState();
    store.ingest(toolPartData('c2', 'more'));
    const after = store.getState();
    expect(after).not.toBe(before);
    expect(callsOf(after).c1).toBe(callsOf(before).c1);
    expect(callsOf(after).c2).not.toBe(callsOf(before).c2);
    expect(callsOf(after).c2!.call.text).toBe('two more');
    expect(callOrderOf(after)).toBe(callOrderOf(before));
    expect(answerOf(after).parts).toBe(answerOf(before).parts);
  });

  it('does not publish when a frame changes nothing', async () => {
    const { store, notifications } = counted();
    store.ingestFrame({ id: 'x1', data: textData('a') });
    await microtask();
    const published = notifications();
    store.ingestFrame({ id: 'x1', data: textData('a') }); // a duplicate: dropped
    await microtask();
    expect(notifications()).toBe(published);
  });
});
