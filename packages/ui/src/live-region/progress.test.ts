import { applyActions, initialState, type ToolStreamAction } from '@toolstream/core';
import { describe, expect, it } from 'vitest';
import { describeProgress, readProgress } from './progress.js';

const start: ToolStreamAction = {
  type: 'run-start',
  assistantMessageId: 'm1',
  userMessage: null,
  protocol: null,
};
const toolStart = (callId: string, toolName: string): ToolStreamAction => ({
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
const toolEnd = (callId: string, error: string | null = null): ToolStreamAction => ({
  type: 'tool-end',
  callId,
  phase: 'result',
  output: 'ok',
  details: null,
  error,
});

/**
 * The announcement for `after` following `before`, where `announced` characters of the text
 * so far were already read out (default: all of it).
 */
function step(before: ToolStreamAction[], after: ToolStreamAction[], announced?: number) {
  const first = applyActions(initialState(), before, 0);
  const second = applyActions(first, after, 1);
  const read = readProgress(first, null);
  const previous = { ...read, announced: announced ?? read.text.length };
  return describeProgress(previous, readProgress(second, previous));
}

describe('describeProgress', () => {
  it('reads new text up to the last whole word while streaming', () => {
    const { message, progress } = step([start], [{ type: 'text-delta', delta: 'The onboarding gui' }]);
    expect(message).toBe('The onboarding');
    expect(progress.announced).toBe('The onboarding '.length);
  });

  it('reads the rest once the run is done, and says so', () => {
    const { message } = step(
      [start, { type: 'text-delta', delta: 'Hello wor' }],
      [{ type: 'text-delta', delta: 'ld' }, { type: 'done' }],
      'Hello '.length,
    );
    expect(message).toBe('world Response complete.');
  });

  it('drops markdown punctuation', () => {
    const { message } = step(
      [start],
      [{ type: 'text-delta', delta: '**Bold** and `code` and [a link](https://x.example) ' }],
    );
    expect(message).toBe('Bold and code and a link');
  });

  it('names tools that start and end, and counts them when many', () => {
    expect(step([start], [toolStart('a', 'search')]).message).toBe('Running search.');
    expect(step([start, toolStart('a', 'search')], [toolEnd('a')]).message).toBe('search finished.');
    const many = ['a', 'b', 'c', 'd', 'e'].map((id) => toolStart(id, `tool_${id}`));
    expect(step([start], many).message).toBe('5 tools started.');
  });

  it('says a failed tool failed', () => {
    expect(step([start, toolStart('a', 'search')], [toolEnd('a', 'timeout')]).message).toBe('search failed.');
  });

  it('says nothing when nothing changed', () => {
    expect(step([start, { type: 'text-delta', delta: 'x ' }], []).message).toBe('');
  });
});
