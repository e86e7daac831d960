import { isCallOpen, type ToolCallState } from '@toolstream/core';
import { callLabel } from './call-label.js';
import type { ToolLabels } from './tool-renderers.js';

/**
 * What the parts of a call show of it, besides its output: its label, status, times, a one-line
 * preview, the failure, and what its expanded view has. A root selects these once per call
 * (shallowly) and hands them down by context, so a streaming call — whose output changes every
 * frame and whose fields do not — re-renders none of the parts that show them.
 */
export interface ToolCallFields {
  status: ToolCallState['status'];
  kind: ToolCallState['kind'];
  toolName: string;
  /** The call's name for people (see `ToolLabels`). */
  label: string;
  agent: string | null;
  isOpen: boolean;
  startedAt: number;
  completedAt: number | null;
  /** One line saying what the call is about: `tool_call_details.summary`, else its input. */
  preview: string;
  error: string | null;
  /** Whether there is output to show (or copy). */
  hasOutput: boolean;
  /** Whether the result phase began. */
  hasResult: boolean;
  /** Whether the call has input to show (arguments, or the call phase's text before a result). */
  hasInput: boolean;
  /** Whether `tool_call_details` holds more than what is shown elsewhere. */
  hasDetails: boolean;
}

/** The {@link ToolCallFields} of a call. */
export function callFields(call: ToolCallState, labels: ToolLabels): ToolCallFields {
  return {
    status: call.status,
    kind: call.kind,
    toolName: call.toolName,
    label: callLabel(call, labels),
    agent: call.agent,
    isOpen: isCallOpen(call.status),
    startedAt: call.startedAt,
    completedAt: call.completedAt,
    preview: callPreview(call),
    error: call.error,
    hasOutput: callResult(call) !== '' && !repeatsError(callResult(call), call.error),
    hasResult: call.result !== null,
    hasInput: hasArguments(call) || callInput(call) !== null || call.argsError !== null,
    hasDetails: otherDetails(call).length > 0,
  };
}

/** Whether the output only says again what the failure line says ("Error: <the error>"). */
export function repeatsError(output: string, error: string | null): boolean {
  if (error === null || error.trim() === '') return false;
  const text = output.trim();
  const message = error.trim();
  return text === message || (text.includes(message) && text.length <= message.length + 16);
}

/** Its latest phase's text (the result once it began, else the call's): what a tool's renderer gets as `output`. */
export function callOutput(call: ToolCallState): string {
  return (call.result ?? call.call).text;
}

/** What the call returned: its result phase's text (`''` before a result began). */
export function callResult(call: ToolCallState): string {
  return call.result?.text ?? '';
}

// Shown elsewhere (the preview, the section's agent, the nesting, the status line, the request
// for input), so not repeated among the details.
const SHOWN_ELSEWHERE: ReadonlySet<string> = new Set([
  'summary',
  'agent',
  'parent_call_id',
  'error',
  'awaiting',
  'editable',
  'prompt',
]);

/** `tool_call_details` entries that nothing else shows, in order. */
export function otherDetails(call: ToolCallState): Array<[string, unknown]> {
  return Object.entries(call.details).filter(([key]) => !SHOWN_ELSEWHERE.has(key));
}

/** Whether a call has arguments (streamed text, or parsed values). */
export function hasArguments(call: ToolCallState): boolean {
  if (call.args !== null && call.args !== undefined) {
    return typeof call.args !== 'object' || Object.keys(call.args).length > 0;
  }
  return call.argsText !== null && call.argsText.trim() !== '' && call.argsText.trim() !== '{}';
}

/** The call phase's text: what the call was given (shown as its input). */
export function callInput(call: ToolCallState): string | null {
  return call.call.text !== '' ? call.call.text : null;
}

const PREVIEW_LENGTH = 120;

/** One line about the call: the backend's summary, else the first text of its arguments or input. */
function callPreview(call: ToolCallState): string {
  const summary = call.details.summary;
  if (typeof summary === 'string' && summary.trim() !== '') return oneLine(summary);
  if (call.kind === 'provider') return ''; // its label already says what it searched for
  if (call.args !== null && typeof call.args === 'object') {
    for (const value of Object.values(call.args)) {
      if (typeof value === 'string' && value.trim() !== '') return oneLine(value);
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    }
    return '';
  }
  // The call phase's text is what the call was asked (a delegation's task), also before a result.
  return call.call.text === '' ? '' : oneLine(call.call.text);
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH)}…` : line;
}
