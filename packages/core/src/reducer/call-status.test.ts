import { describe, expect, it } from 'vitest';
import { toolStart } from '../../test/events.js';
import { callsOf, fold } from '../../test/harness.js';
import { isCallOpen, liveStatus } from './call-status.js';
import type { CallStatus, ToolCallState, ToolPhase } from './state.js';

function phase(fields: Partial<ToolPhase> = {}): ToolPhase {
  return { text: '', streamed: false, complete: false, startedAt: 0, completedAt: null, ...fields };
}

/** A real call as the reducer makes it, with some fields replaced. */
function toolCall(fields: Partial<ToolCallState>): ToolCallState {
  const made = callsOf(fold([toolStart('c')])).c!;
  return { ...made, call: phase(), result: null, error: null, ...fields };
}

describe('liveStatus', () => {
  it.each<[string, Partial<ToolCallState>, CallStatus]>([
    ['nothing yet', {}, 'pending'],
    ['a streamed part', { call: phase({ streamed: true }) }, 'streaming'],
    ['text without parts', { call: phase({ text: 'x' }) }, 'streaming'],
    ['call phase complete, no result', { call: phase({ complete: true }) }, 'running'],
    ['result started', { call: phase({ complete: true }), result: phase() }, 'pending'],
    ['result streaming', { call: phase({ complete: true }), result: phase({ streamed: true }) }, 'streaming'],
    ['result complete', { call: phase({ complete: true }), result: phase({ complete: true }) }, 'complete'],
    ['a failure wins', { call: phase({ complete: true }), error: 'boom' }, 'error'],
  ])('%s → %s', (_name, fields, expected) => {
    expect(liveStatus(toolCall(fields))).toBe(expected);
  });
});

describe('isCallOpen', () => {
  it.each<[CallStatus, boolean]>([
    ['pending', true],
    ['streaming', true],
    ['running', true],
    ['complete', false],
    ['error', false],
    ['stopped', false],
    ['interrupted', false],
  ])('%s → %s', (status, open) => {
    expect(isCallOpen(status)).toBe(open);
  });
});
