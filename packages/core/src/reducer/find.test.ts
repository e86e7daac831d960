import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findCall, findMessage } from './find.js';
import { type AssistantMessageState, type ChatMessage, newAssistantMessage } from './state.js';

/**
 * What `findMessage` promises (its TSDoc): the message with the id, an earlier version of an
 * answer too; when ids repeat, the last message with the id; at one position the message
 * before its versions, and the first version with the id. Written out as the plain search.
 */
function expected(messages: readonly ChatMessage[], id: string): ChatMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.id === id) return message;
    if (message.role === 'assistant') {
      const version = message.versions.find((v) => v.id === id);
      if (version !== undefined) return version;
    }
  }
  return undefined;
}

const user = (id: string, text = id): ChatMessage => ({ id, role: 'user', text, createdAt: 0 });
const answer = (id: string, versions: string[] = []): AssistantMessageState => ({
  ...newAssistantMessage(id, 0),
  versions: versions.map((v) => newAssistantMessage(v, 0)),
});

// Few ids, so that they repeat: between messages, between a message and versions, and between
// versions; `__proto__` and `constructor` because ids come from outside.
const ids = fc.constantFrom('a', 'b', 'c', 'd', '__proto__', 'constructor');
const message: fc.Arbitrary<ChatMessage> = fc.oneof(
  ids.map((id) => user(id)),
  fc.tuple(ids, fc.array(ids, { maxLength: 3 })).map(([id, versions]) => answer(id, versions)),
);

/** How a list changes from one update to the next. */
type Change =
  | { kind: 'replace'; at: number; by: ChatMessage }
  | { kind: 'restream'; at: number }
  | { kind: 'push'; message: ChatMessage }
  | { kind: 'truncate'; at: number };
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), by: message }),
  fc.record({ kind: fc.constant('restream' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('push' as const), message }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);

function apply(list: readonly ChatMessage[], step: Change): ChatMessage[] {
  const next = list.slice();
  if (step.kind === 'push') next.push(step.message);
  else if (next.length === 0) return next;
  else if (step.kind === 'truncate') next.length = step.at % next.length;
  else if (step.kind === 'replace') next[step.at % next.length] = step.by;
  else {
    // What streaming does: the same message, a new object (text grew), same id and versions.
    const at = step.at % next.length;
    next[at] = { ...next[at]! } as ChatMessage;
  }
  return next;
}

describe('findMessage', () => {
  it('finds what the search from the end finds, on any list', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 12 }), (messages) => {
        for (const id of ['a', 'b', 'c', 'd', '__proto__', 'constructor', 'missing']) {
          expect(findMessage({ messages }, id)).toBe(expected(messages, id));
        }
      }),
    );
  });

  it('stays right from update to update, whatever the updates do to the list', () => {
    fc.assert(
      fc.property(
        fc.array(message, { maxLength: 8 }),
        fc.array(change, { maxLength: 20 }),
        (first, changes) => {
          let messages: readonly ChatMessage[] = first;
          for (const step of changes) {
            messages = apply(messages, step);
            for (const id of ['a', 'b', 'c', 'd', '__proto__', 'constructor']) {
              expect(findMessage({ messages }, id)).toBe(expected(messages, id));
            }
          }
        },
      ),
    );
  });

  it('finds a message of a thousand-turn conversation and the versions of its answers', () => {
    const messages: ChatMessage[] = [];
    for (let turn = 1; turn <= 1000; turn++) {
      messages.push(
        user(`user-${turn}`),
        answer(`answer-${turn}`, turn % 100 === 0 ? [`answer-${turn}-v1`] : []),
      );
    }
    expect(findMessage({ messages }, 'user-1')).toBe(messages[0]);
    expect(findMessage({ messages }, 'answer-1000')).toBe(messages[1999]);
    expect(findMessage({ messages }, 'answer-300-v1')).toBe(
      (messages[599] as AssistantMessageState).versions[0],
    );
    // The next update streams into the last answer: the list is new, the ids have not moved.
    const streamed = messages.slice();
    streamed[1999] = {
      ...(messages[1999] as AssistantMessageState),
      parts: [{ type: 'text', text: 'more' }],
    };
    expect(findMessage({ messages: streamed }, 'answer-1000')).toBe(streamed[1999]);
    expect(findMessage({ messages: streamed }, 'user-1')).toBe(messages[0]);
    expect(findMessage({ messages: streamed }, 'answer-1001')).toBeUndefined();
  });

  it('sees a list that was changed after it was looked up (a hand-made one)', () => {
    const messages: ChatMessage[] = [user('u1'), answer('a1')];
    expect(findMessage({ messages }, 'a1')).toBe(messages[1]);
    messages[1] = user('u2');
    messages.push(answer('a1'));
    expect(findMessage({ messages }, 'a1')).toBe(messages[2]);
  });
});

describe('findCall', () => {
  it("finds a call through its answer, and only the answer's own entries", () => {
    const a1 = answer('a1');
    const calls = Object.create(null);
    calls.c1 = { id: 'c1' };
    const messages: ChatMessage[] = [user('u1'), { ...a1, calls }];
    expect(findCall({ messages }, 'a1', 'c1')).toBe(calls.c1);
    expect(findCall({ messages }, 'a1', 'toString')).toBeUndefined();
    expect(findCall({ messages }, 'u1', 'c1')).toBeUndefined();
    expect(findCall({ messages }, 'a2', 'c1')).toBeUndefined();
  });
});
