import type { AssistantMessageState, ChatMessage, ToolCallState, ToolStreamState } from './state.js';

/**
 * Where each id of a message list is: the position of the message it names, or of the answer
 * whose `versions` hold it. A list is never changed (each update makes a new one), so its index
 * is built once, on its first lookup, and kept with it.
 */
type Positions = ReadonlyMap<string, number>;

const byList = new WeakMap<readonly ChatMessage[], Positions>();

/**
 * The last list indexed for each first message. Messages keep their identity from one update to
 * the next, so a conversation's successive lists share their first message: this is how the
 * index of one update's list finds the one before it, to carry it over.
 */
const latestByHead = new WeakMap<ChatMessage, { list: readonly ChatMessage[]; positions: Positions }>();

const NO_POSITIONS: Positions = new Map();

/**
 * Positions of a list, as the search from the end finds them: a later message wins over an
 * earlier one with the same id, and at one position the message over its versions.
 */
function buildPositions(list: readonly ChatMessage[]): Positions {
  const positions = new Map<string, number>();
  list.forEach((message, position) => {
    if (message.role === 'assistant')
      for (const version of message.versions) positions.set(version.id, position);
    positions.set(message.id, position);
  });
  return positions;
}

/**
 * Whether every id of `next` is where it was in `previous`: the same length, and at each
 * position the same message, or one with the same id and the same versions. An update that
 * changed messages in place (streaming) passes, one that added or removed a message does not.
 * A pass over references: the messages that did not change are the same objects.
 */
function sameLayout(previous: readonly ChatMessage[], next: readonly ChatMessage[]): boolean {
  if (previous.length !== next.length) return false;
  for (let i = 0; i < next.length; i++) {
    const before = previous[i]!;
    const after = next[i]!;
    if (before === after) continue;
    if (before.id !== after.id || versionsOf(before) !== versionsOf(after)) return false;
  }
  return true;
}

const versionsOf = (message: ChatMessage) => (message.role === 'assistant' ? message.versions : null);

function positionsOf(list: readonly ChatMessage[], rebuild = false): Positions {
  const known = byList.get(list);
  if (known !== undefined && !rebuild) return known;
  const head = list[0];
  if (head === undefined) return NO_POSITIONS;
  const latest = rebuild ? undefined : latestByHead.get(head);
  const positions =
    latest !== undefined && sameLayout(latest.list, list) ? latest.positions : buildPositions(list);
  byList.set(list, positions);
  latestByHead.set(head, { list, positions });
  return positions;
}

/** The message `messageId` names at its indexed position, or `undefined`. */
function at(messages: readonly ChatMessage[], position: number | undefined, messageId: string) {
  const message = position === undefined ? undefined : messages[position];
  if (message === undefined || message.id === messageId) return message;
  return message.role === 'assistant' ? message.versions.find((v) => v.id === messageId) : undefined;
}

/**
 * The message with id `messageId`: one of the conversation's, or an earlier version of an answer
 * (`AssistantMessageState.versions`, which a UI may page back to). When ids repeat, the last
 * message with the id wins. Through an index kept with the message list: a lookup costs the
 * same in a conversation of a thousand turns as in one of ten.
 */
export function findMessage(
  state: Pick<ToolStreamState, 'messages'>,
  messageId: string,
): ChatMessage | undefined {
  const { messages } = state;
  const position = positionsOf(messages).get(messageId);
  const found = at(messages, position, messageId);
  // A list changed after it was indexed (state is immutable, but a hand-made list may not be):
  // index it again.
  if (position !== undefined && found === undefined)
    return at(messages, positionsOf(messages, true).get(messageId), messageId);
  return found;
}

/** Call `callId` of answer `messageId` (calls are per turn: ids repeat across turns), if there. */
export function findCall(
  state: Pick<ToolStreamState, 'messages'>,
  messageId: string,
  callId: string,
): ToolCallState | undefined {
  const message = findMessage(state, messageId);
  return message?.role === 'assistant' && Object.hasOwn(message.calls, callId)
    ? message.calls[callId]
    : undefined;
}

/** The last answer of the conversation (the current turn's, while one runs), if any. */
export function latestAnswer(state: Pick<ToolStreamState, 'messages'>): AssistantMessageState | undefined {
  const { messages } = state;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'assistant') return message;
  }
  return undefined;
}
