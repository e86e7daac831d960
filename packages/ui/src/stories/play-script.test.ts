import { createToolStreamStore } from '@toolstream/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { text } from '../test-utils/chunks.js';
import { playScript } from './play-script.js';

const assistantText = (store: ReturnType<typeof createToolStreamStore>) => {
  const message = store.getState().messages.at(-1);
  return message?.role === 'assistant' ? message.parts.map((p) => ('text' in p ? p.text : '')).join('') : '';
};

describe('playScript', () => {
  afterEach(() => vi.useRealTimers());

  it('ingests one chunk per interval, then ends the run', () => {
    vi.useFakeTimers();
    const store = createToolStreamStore({ schedule: 'sync' });
    const onDone = vi.fn();
    playScript(store, [text('a'), text('b'), text('c')], 100, { onDone });
    expect(assistantText(store)).toBe('');
    vi.advanceTimersByTime(100);
    expect(assistantText(store)).toBe('a');
    vi.advanceTimersByTime(200);
    expect(assistantText(store)).toBe('abc');
    expect(store.getState().status).toBe('streaming');
    vi.advanceTimersByTime(100);
    expect(store.getState().status).toBe('done');
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('stops feeding when cancelled, and can leave the run open', () => {
    vi.useFakeTimers();
    const store = createToolStreamStore({ schedule: 'sync' });
    const cancel = playScript(store, [text('a'), text('b')], 50, { complete: false });
    vi.advanceTimersByTime(50);
    cancel();
    vi.advanceTimersByTime(500);
    expect(assistantText(store)).toBe('a');
    expect(store.getState().status).toBe('streaming');
  });
});
