import { type CallStatus, findMessage, type RunStatus, type ToolStreamState } from '@toolstream/core';
import { defaultCallLabel } from '../tool-call/call-label.js';

/** What the announcer remembers of the state between two announcements. */
export interface Progress {
  status: RunStatus;
  /** The assistant message the run writes into. */
  messageId: string | null;
  /** How much of that message's text has been announced. */
  announced: number;
  /** That message's text so far (text parts only; reasoning and tools are summarized). */
  text: string;
  /** The run's calls and their statuses. */
  calls: ReadonlyMap<string, { toolName: string; status: CallStatus }>;
}

/** The longest stretch of answer text read out at once; the rest waits for the next turn. */
const MAX_TEXT = 280;

/** Reads the announcer's view of a state. `announced` carries over from `previous`. */
export function readProgress(state: ToolStreamState, previous: Progress | null): Progress {
  const messageId = state.run.messageId;
  const message = messageId === null ? undefined : findMessage(state, messageId);
  let text = '';
  if (message?.role === 'assistant') {
    for (const part of message.parts) if (part.type === 'text') text += part.text;
  }
  const calls = new Map<string, { toolName: string; status: CallStatus }>();
  if (message?.role === 'assistant') {
    for (const id of message.callOrder) {
      const call = message.calls[id]!;
      calls.set(call.id, { toolName: defaultCallLabel(call), status: call.status });
    }
  }
  const announced = previous !== null && previous.messageId === messageId ? previous.announced : 0;
  return { status: state.status, messageId, announced, text, calls };
}

/** Markdown punctuation read aloud is noise: keep the words. */
function plain(text: string): string {
  return text
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/[*_`#>|~]+/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

const FINAL: ReadonlySet<CallStatus> = new Set(['complete', 'error', 'stopped', 'interrupted', 'truncated']);

const CALL_WORDS: Partial<Record<CallStatus, string>> = {
  complete: 'finished',
  error: 'failed',
  stopped: 'stopped',
  interrupted: 'interrupted',
  truncated: 'was cut off',
};

/**
 * What to announce for the change from `previous` to `next`, and the progress to remember.
 * New answer text is read up to its last finished word (the whole rest once the run ended);
 * tool calls that started or ended are named, or counted when there are many; the run's end
 * is said once. Errors are not announced here: a failed turn shows its failure as an alert.
 */
export function describeProgress(
  previous: Progress,
  next: Progress,
): { message: string; progress: Progress } {
  const pieces: string[] = [];
  const running =
    next.status === 'connecting' || next.status === 'streaming' || next.status === 'reconnecting';

  const started: string[] = [];
  const ended: string[] = [];
  for (const [id, call] of next.calls) {
    const before = previous.calls.get(id);
    if (before === undefined) started.push(call.toolName);
    if (FINAL.has(call.status) && (before === undefined || !FINAL.has(before.status))) {
      ended.push(`${call.toolName} ${CALL_WORDS[call.status]}`);
    }
  }
  if (started.length > 3) pieces.push(`${started.length} tools started.`);
  else if (started.length > 0) pieces.push(`Running ${started.join(', ')}.`);
  if (ended.length > 3) pieces.push(`${ended.length} tools ended.`);
  else if (ended.length > 0) pieces.push(`${ended.join(', ')}.`);

  let announced = next.announced;
  const fresh = next.text.slice(announced);
  if (fresh !== '') {
    // Mid-stream, stop at the last whitespace so no word is cut in two.
    let end = fresh.length;
    if (running) {
      const lastSpace = Math.max(fresh.lastIndexOf(' '), fresh.lastIndexOf('\n'));
      end = lastSpace < 0 ? 0 : lastSpace + 1;
    }
    end = Math.min(end, MAX_TEXT);
    if (end > 0) {
      const words = plain(fresh.slice(0, end));
      if (words !== '') pieces.push(words);
      announced += end;
    }
  }

  if (next.status !== previous.status) {
    if (next.status === 'done') pieces.push('Response complete.');
    else if (next.status === 'aborted') pieces.push('Response stopped.');
    else if (next.status === 'reconnecting') pieces.push('Connection lost, reconnecting.');
  }
  return { message: pieces.join(' '), progress: { ...next, announced } };
}
