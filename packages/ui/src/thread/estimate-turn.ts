import type { ChatMessage } from '@toolstream/core';

/** Characters per line of the thread's column (about 48rem of body text). */
const LINE_CHARS = 90;
/** Pixels of one line of body text. */
const LINE = 24;

/**
 * A guess, in pixels, at how tall a turn is before it has been drawn: its text as wrapped lines,
 * a row per call or run of calls, the line of actions. Only a guess — a turn is measured once it
 * is drawn, and the view keeps its place when the measure differs — but the closer it is, the
 * less the scrollbar changes as turns are first drawn.
 */
export function estimateTurnHeight(message: ChatMessage | undefined): number {
  if (message === undefined) return 2 * LINE;
  // A message never changes (a new version is a new object): each is guessed once.
  let height = guesses.get(message);
  if (height === undefined) {
    height = guess(message);
    guesses.set(message, height);
  }
  return height;
}

const guesses = new WeakMap<ChatMessage, number>();

function guess(message: ChatMessage): number {
  if (message.role === 'user') return 1.5 * LINE + lines(message.text) * LINE;
  let height = 2 * LINE; // the actions line
  let afterCall = false;
  for (const part of message.parts) {
    if (part.type === 'tool-call') {
      // A run of finished calls folds into one line; a sub-agent is a line of its own.
      const call = Object.hasOwn(message.calls, part.callId) ? message.calls[part.callId] : undefined;
      if (!afterCall || call?.kind === 'delegation') height += 1.5 * LINE;
      afterCall = call?.kind !== 'delegation';
    } else {
      afterCall = false;
      height += part.type === 'text' ? lines(part.text) * LINE + 0.75 * LINE : 1.5 * LINE;
    }
  }
  return Math.round(height);
}

function lines(text: string): number {
  let count = 0;
  for (const line of text.split('\n')) count += Math.max(1, Math.ceil(line.length / LINE_CHARS));
  return count;
}
