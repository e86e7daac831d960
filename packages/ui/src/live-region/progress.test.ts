import type { StreamEvent } from '@toolstream/core/adapters';
import { describe, expect, it } from 'vitest';
import { storeFromEvents } from '../test-utils/event-store.js';
import { describeProgress, readProgress } from './progress.js';

const toolStart = (callId: string, toolName: string): StreamEvent => ({
  type: 'tool-start',
  callId,
  phase: 'call',
  toolName,
  kind: 'tool',
  parentCallId: null,
  agent: null,
  eventType: 'call',
  details: null,
});

const toolEnd = (callId: string, error: string | null = null): StreamEvent => ({
  type: 'tool-end',
  callId,
  phase: 'result',
  output: 'ok',
  details: null,
  error,
});

/**
 * The announcement for `after` following `before` (events of one turn; a `done` among `after`
 * ends it), where `announced` characters of the text so far were already read out (default: all
 * of it).
 */
function step(before: StreamEvent[], after: StreamEvent[], announced?: number) {
  const store = storeFromEvents(before);
  const first = store.getState();
  for (const event of after) store.ingest(event);
  if (after.some((event) => event.type === 'done')) store.complete();
  const second = store.getState();
  const read = readProgress(first, null);
  const previous = { ...read, announced: announced ?? read.text.length };
  return describeProgress(previous, readProgress(second, previous));
}

describe('describeProgress', () => {
  it('reads new text up to the last whole word while streaming', () => {
    const { message, progress } = step([], [{ type: 'text-delta', delta: 'The onboarding gui' }]);
    expect(message).toBe('The onboarding');
    expect(progress.announced).toBe('The onboarding '.length);
  });

  it('reads the rest once the run is done, and says so', () => {
    const { message } = step(
      [{ type: 'text-delta', delta: 'Hello wor' }],
      [{ type: 'text-delta', delta: 'ld' }, { type: 'done' }],
      'Hello '.length,
    );
    expect(message).toBe('world Response complete.');
  });

  it('drops markdown punctuation', () => {
    const { message } = step(
      [],
      [{ type: 'text-delta', delta: '**Bold** and `code` and [a link](https://x.example) ' }],
    );
    expect(message).toBe('Bold and code and a link');
  });

  it('names tools that start and end, and counts them when many', () => {
    expect(step([], [toolStart('a', 'search')]).message).toBe('Running Search.');
    expect(step([toolStart('a', 'search')], [toolEnd('a')]).message).toBe('Search finished.');
    const many = ['a', 'b', 'c', 'd', 'e'].map((id) => toolStart(id, `tool_${id}`));
    expect(step([], many).message).toBe('5 tools started.');
  });

  it('says a failed tool failed', () => {
    expect(step([toolStart('a', 'search')], [toolEnd('a', 'timeout')]).message).toBe('Search failed.');
  });

  it('says nothing when nothing changed', () => {
    expect(step([{ type: 'text-delta', delta: 'x ' }], []).message).toBe('');
  });
});
