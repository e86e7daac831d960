import type { AssistantMessageState, ChatMessage, ToolCallState } from '@toolstream/core';

const WORDS =
  'agent billing cache deploy export guide invoice ledger metric plan query quota region release report schema search service storage ticket'.split(
    ' ',
  );

/** `count` words, the same for the same `seed` (turns differ, runs do not). */
function words(seed: number, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(WORDS[(seed * 7 + i * 13) % WORDS.length]!);
  return out.join(' ');
}

function call(
  id: string,
  toolName: string,
  parentId: string | null,
  kind: 'tool' | 'delegation',
): ToolCallState {
  const phase = { text: '', streamed: false, complete: true, startedAt: 0, completedAt: 1000 };
  return {
    id,
    toolName,
    kind,
    parentId,
    agent: kind === 'delegation' ? 'researcher' : null,
    eventType: 'result',
    details: { summary: 'the release notes' },
    input: null,
    phase: 'result',
    call: { ...phase, text: '{"query":"release notes"}' },
    result: { ...phase, text: '{"results":[{"title":"Release notes","score":0.9}]}' },
    argsText: '{"query":"release notes"}',
    args: { query: 'release notes' },
    argsError: null,
    status: 'complete',
    error: null,
    startedAt: 0,
    completedAt: 1000,
  };
}

/**
 * A finished conversation of `turns` turns for tests that need a long one: each a question and an
 * answer of a few paragraphs with two tool calls and a sub-agent (with a call of its own). Turn
 * `n`'s question is "Question n: …", its answer starts "Answer n." — and `marks` puts a word of
 * one's choosing into an answer's text, so that it appears nowhere else.
 */
export function longConversation(turns: number, marks: Record<number, string> = {}): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (let n = 1; n <= turns; n++) {
    messages.push({ id: `user-${n}`, role: 'user', text: `Question ${n}: ${words(n, 8)}?`, createdAt: 0 });
    const calls: Record<string, ToolCallState> = Object.create(null);
    calls.c1 = call('c1', 'search_docs', null, 'tool');
    calls.c2 = call('c2', 'read_ticket', null, 'tool');
    calls.d1 = call('d1', 'delegate', null, 'delegation');
    calls.c3 = call('c3', 'query_metrics', 'd1', 'tool');
    const answer: AssistantMessageState = {
      id: `answer-${n}`,
      role: 'assistant',
      createdAt: 0,
      parts: [
        { type: 'text', text: `Answer ${n}. ${marks[n] ?? ''} ${words(n, 40)}.` },
        { type: 'tool-call', callId: 'c1' },
        { type: 'tool-call', callId: 'c2' },
        { type: 'tool-call', callId: 'd1' },
        { type: 'text', text: `${words(n + 1, 30)}.\n\n- ${words(n + 2, 8)}\n- ${words(n + 3, 8)}` },
      ],
      calls,
      callOrder: ['c1', 'c2', 'd1', 'c3'],
      children: Object.assign(Object.create(null), { d1: ['c3'] }),
      citations: [],
      usage: null,
      end: { outcome: 'done', finish: null, error: null, at: 0 },
      versions: [],
    };
    messages.push(answer);
  }
  return messages;
}
