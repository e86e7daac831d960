import type { AssistantMessageState, ChatMessage, ToolCallState } from '@toolstream/core';
import { createRandom, type Random } from '../../prng.js';

/**
 * The long-conversation workload: N turns, each a question and a finished answer of about 150
 * words of markdown (a paragraph, three tool calls and a sub-agent, a list, a paragraph and a
 * source link), the sub-agent with two calls of its own. The same seed gives the same turns on
 * every run. Each turn is kept twice: as the store's messages (for the kit, through
 * `initialMessages`) and as blocks (for the plain pages, which show the same without parsing).
 */

/** Inline text: plain runs, `**bold**` and `` `code` `` runs. */
export type Inline = { kind: 'text' | 'strong' | 'code'; text: string }[];

/** What the plain pages draw for one answer, in order. */
export type Block =
  | { kind: 'paragraph'; inline: Inline }
  | { kind: 'list'; items: Inline[] }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'tools'; names: string[]; seconds: string }
  | { kind: 'agent'; name: string; task: string; tools: number; seconds: string }
  | { kind: 'tool'; name: string; summary: string; seconds: string };

export interface Turn {
  question: string;
  blocks: Block[];
}

export interface Conversation {
  messages: ChatMessage[];
  turns: Turn[];
  /** The last answer's source link: found in the DOM, it marks the last turn as shown. */
  lastHref: string;
}

const WORDS =
  'agent answer backlog billing cache cluster config customer deploy document error export feature guide index invoice ledger limit metric migration onboarding outage pipeline plan policy query quota region release report request rollout schema search service session storage summary support ticket timeline token trace usage version webhook workflow'.split(
    ' ',
  );
const TOOLS = [
  'search_docs',
  'read_ticket',
  'query_metrics',
  'list_releases',
  'fetch_invoice',
  'check_status',
];
const AGENTS = ['researcher', 'analyst', 'reviewer'];

function words(random: Random, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(random.pick(WORDS));
  return out.join(' ');
}

/** A run of words with one bold and one code span, about `count` words. */
function inline(random: Random, count: number): Inline {
  const third = Math.floor(count / 3);
  return [
    { kind: 'text', text: `${capitalize(words(random, third))} ` },
    { kind: 'strong', text: words(random, 2) },
    { kind: 'text', text: ` ${words(random, third)} ` },
    { kind: 'code', text: random.pick(WORDS) },
    { kind: 'text', text: ` ${words(random, count - 2 * third - 3)}.` },
  ];
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function markdownOf(runs: Inline): string {
  return runs
    .map((run) =>
      run.kind === 'strong' ? `**${run.text}**` : run.kind === 'code' ? `\`${run.text}\`` : run.text,
    )
    .join('');
}

const humanize = (name: string) => capitalize(name.replace(/_/g, ' '));

interface CallSpec {
  id: string;
  tool: string;
  parentId: string | null;
  kind: 'tool' | 'delegation';
  agent: string | null;
  args: Record<string, unknown>;
  output: string;
  startedAt: number;
  completedAt: number;
}

function toolCall(spec: CallSpec): ToolCallState {
  const argsText = JSON.stringify(spec.args);
  return {
    id: spec.id,
    toolName: spec.tool,
    kind: spec.kind,
    parentId: spec.parentId,
    agent: spec.agent,
    eventType: spec.kind === 'delegation' ? 'delegation_result' : 'result',
    details: { summary: String(spec.args.query ?? spec.args.task ?? '') },
    input: null,
    phase: 'result',
    call: {
      text: argsText,
      streamed: false,
      complete: true,
      startedAt: spec.startedAt,
      completedAt: spec.startedAt,
    },
    result: {
      text: spec.output,
      streamed: true,
      complete: true,
      startedAt: spec.startedAt + 50,
      completedAt: spec.completedAt,
    },
    argsText,
    args: spec.args,
    argsError: null,
    status: 'complete',
    error: null,
    startedAt: spec.startedAt,
    completedAt: spec.completedAt,
  };
}

/** A tool's output: a JSON list of a few results, as search-like tools return. */
function output(random: Random): string {
  const results = Array.from({ length: random.int(2, 4) }, (_, i) => ({
    id: `${random.pick(WORDS)}-${random.int(100, 999)}`,
    title: capitalize(words(random, 4)),
    score: Math.round(random.next() * 100) / 100,
    excerpt: `${capitalize(words(random, 12))}.`,
    rank: i + 1,
  }));
  return JSON.stringify({ results, total: results.length + random.int(0, 20) });
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Builds the `n` turns of the conversation from `seed`. */
export function createConversation(n: number, seed = 20_261_124): Conversation {
  const random = createRandom(seed);
  const messages: ChatMessage[] = [];
  const turns: Turn[] = [];
  let clock = Date.UTC(2026, 10, 24, 9, 0, 0);
  let lastHref = '';
  for (let t = 1; t <= n; t++) {
    const question = `${capitalize(words(random, random.int(8, 16)))}?`;
    messages.push({ id: `user-${t}`, role: 'user', text: question, createdAt: clock });
    clock += 1000;
    const specs: CallSpec[] = [];
    const call = (tool: string, parentId: string | null, kind: 'tool' | 'delegation' = 'tool'): CallSpec => {
      const startedAt = clock;
      clock += random.int(300, 2500);
      const spec: CallSpec = {
        id: `call-${specs.length + 1}`,
        tool,
        parentId,
        kind,
        agent: kind === 'delegation' ? random.pick(AGENTS) : null,
        args:
          kind === 'delegation'
            ? { task: words(random, 6), depth: 1 }
            : { query: words(random, 3), limit: random.int(3, 10) },
        output: kind === 'delegation' ? `${capitalize(words(random, 30))}.` : output(random),
        startedAt,
        completedAt: clock,
      };
      specs.push(spec);
      return spec;
    };
    const first = call(random.pick(TOOLS), null);
    const second = call(random.pick(TOOLS), null);
    const delegation = call('delegate', null, 'delegation');
    const nestedA = call(random.pick(TOOLS), delegation.id);
    const nestedB = call(random.pick(TOOLS), delegation.id);
    delegation.completedAt = clock;
    const third = call(random.pick(TOOLS), null);

    const opening = inline(random, 40);
    const items = [inline(random, 10), inline(random, 10), inline(random, 10)];
    const closing = inline(random, 50);
    const href = `https://docs.example.com/turn-${t}`;
    lastHref = href;
    const calls: Record<string, ToolCallState> = Object.create(null);
    for (const spec of specs) calls[spec.id] = toolCall(spec);
    const answer: AssistantMessageState = {
      id: `answer-${t}`,
      role: 'assistant',
      createdAt: clock,
      parts: [
        { type: 'text', text: markdownOf(opening) },
        { type: 'tool-call', callId: first.id },
        { type: 'tool-call', callId: second.id },
        { type: 'tool-call', callId: delegation.id },
        { type: 'tool-call', callId: third.id },
        {
          type: 'text',
          text: `${items.map((item) => `- ${markdownOf(item)}`).join('\n')}\n\n${markdownOf(closing)}\n\nSource: [${humanize(first.tool)}](${href})`,
        },
      ],
      calls,
      callOrder: specs.map((spec) => spec.id),
      children: Object.assign(Object.create(null), { [delegation.id]: [nestedA.id, nestedB.id] }),
      citations: [],
      usage: null,
      end: { outcome: 'done', finish: null, error: null, at: clock },
      versions: [],
    };
    messages.push(answer);
    turns.push({
      question,
      blocks: [
        { kind: 'paragraph', inline: opening },
        {
          kind: 'tools',
          names: [humanize(first.tool), humanize(second.tool)],
          seconds: seconds(second.completedAt - first.startedAt),
        },
        {
          kind: 'agent',
          name: humanize(delegation.agent ?? 'agent'),
          task: String(delegation.args.task),
          tools: 2,
          seconds: seconds(delegation.completedAt - delegation.startedAt),
        },
        {
          kind: 'tool',
          name: humanize(third.tool),
          summary: String(third.args.query),
          seconds: seconds(third.completedAt - third.startedAt),
        },
        { kind: 'list', items },
        { kind: 'paragraph', inline: closing },
        { kind: 'link', text: humanize(first.tool), href },
      ],
    });
    clock += 5000;
  }
  return { messages, turns, lastHref };
}
