import type { StreamEvent } from '@toolstream/core/adapters';
import {
  begin,
  type CallSpec,
  chunk,
  cite,
  end,
  part,
  pieces,
  result,
  streamResult,
  text,
} from '../test-utils/chunks.js';

/** Ready-made streams for the stories (primary protocol chunks). */

export const search: CallSpec = {
  id: 'call_search',
  tool: 'search_confluence',
  details: { summary: 'Searching Confluence for "onboarding"', space: 'ENG', limit: 5 },
};

export const SEARCH_OUTPUT =
  'Found **3 pages**:\n\n1. [Onboarding guide](https://confluence.example.com/eng/onboarding)\n2. Laptop setup\n3. First-week checklist';

/** A search that streams its result. */
export const searchStream = [begin(search, 'onboarding'), ...streamResult(search, SEARCH_OUTPUT, 14)];

/** A search that fails. */
export const searchFailure = [
  begin(search, 'onboarding'),
  part(search, 'Contacting Confluence…'),
  end(search, { error: 'Confluence answered 503 Service Unavailable' }),
];

export const planner: CallSpec = { id: 'del_planner', tool: 'delegate', delegation: true, agent: 'planner' };
export const researcher: CallSpec = {
  id: 'del_researcher',
  tool: 'delegate',
  delegation: true,
  agent: 'researcher',
  parent: 'del_planner',
};
export const reader: CallSpec = {
  id: 'del_reader',
  tool: 'delegate',
  delegation: true,
  agent: 'page-reader',
  parent: 'del_researcher',
};
const nestedSearch: CallSpec = {
  id: 'n_search',
  tool: 'search_confluence',
  parent: 'del_researcher',
  agent: 'researcher',
};
const nestedFetch: CallSpec = {
  id: 'n_fetch',
  tool: 'fetch_page',
  parent: 'del_reader',
  agent: 'page-reader',
};
const nestedSummarize: CallSpec = {
  id: 'n_summarize',
  tool: 'summarize',
  parent: 'del_reader',
  agent: 'page-reader',
};
const nestedCalendar: CallSpec = {
  id: 'n_calendar',
  tool: 'check_calendar',
  parent: 'del_planner',
  agent: 'planner',
};

/** planner → researcher → page-reader, with tools at every level. */
export const threeLevelDelegation = [
  text('I will ask the planner to put the onboarding answer together.\n\n'),
  begin(planner, 'Prepare an onboarding answer'),
  begin(researcher, 'Find the onboarding pages'),
  begin(nestedSearch, 'onboarding'),
  ...streamResult(nestedSearch, 'Found the onboarding guide and the laptop setup page.', 16),
  begin(reader, 'Read the onboarding guide'),
  begin(nestedFetch, 'https://confluence.example.com/eng/onboarding'),
  ...streamResult(nestedFetch, 'Week 1: accounts, laptop, buddy. Week 2: first ticket.', 16),
  begin(nestedSummarize),
  ...streamResult(nestedSummarize, 'New hires get accounts and a buddy in week 1.', 16),
  ...streamResult(reader, 'The guide covers the first two weeks.', 16),
  ...streamResult(researcher, 'Two relevant pages; the guide is the main one.', 16),
  begin(nestedCalendar, 'next Monday'),
  result(nestedCalendar, 'Monday 9:00 — onboarding session'),
  ...streamResult(planner, 'Start with the onboarding guide; the session is on Monday at 9:00.', 16),
  text('Start with the **onboarding guide**. Your session is on Monday at 9:00.'),
  cite('https://confluence.example.com/eng/onboarding', 'laptop-setup.pdf'),
];

/** `count` calls started together and streaming interleaved. */
export function parallelCalls(count: number, tool = 'lookup'): unknown[] {
  const specs: CallSpec[] = Array.from({ length: count }, (_, i) => ({
    id: `par_${i + 1}`,
    tool: `${tool}_${(i % 6) + 1}`,
    details: { shard: i + 1 },
  }));
  const chunks: unknown[] = [text(`Running ${count} lookups in parallel.\n\n`)];
  for (const spec of specs) chunks.push(begin(spec, `shard ${spec.details!.shard}`));
  for (let round = 0; round < 3; round++) {
    for (const spec of specs) chunks.push(part(spec, `part ${round + 1} of shard ${spec.details!.shard}. `));
  }
  specs.forEach((spec, i) => {
    chunks.push(i % 10 === 9 ? end(spec, { error: 'shard unavailable' }) : end(spec));
  });
  chunks.push(text(`${count} lookups done.`));
  return chunks;
}

/** A long markdown output (about 60 paragraphs, lists and code). */
export function longMarkdown(paragraphs = 60): string {
  const blocks: string[] = [];
  for (let i = 1; i <= paragraphs; i++) {
    if (i % 10 === 0) blocks.push(`\`\`\`ts\n// section ${i}\nexport const value${i} = ${i} * 2;\n\`\`\``);
    else if (i % 7 === 0) blocks.push(`- item ${i}.1\n- item ${i}.2 with *emphasis*`);
    else
      blocks.push(
        `Paragraph ${i}: the tool read page ${i} and found the relevant section about onboarding step ${i}.`,
      );
  }
  return blocks.join('\n\n');
}

/** A call whose output is very long, streamed in large pieces. */
export function longOutput(spec: CallSpec = { id: 'call_long', tool: 'read_document' }): unknown[] {
  return [begin(spec, 'handbook.md'), ...pieces(longMarkdown(), 400).map((p) => part(spec, p)), end(spec)];
}

/** Answer text streamed word by word. */
export function streamedText(value: string): unknown[] {
  return value.split(/(?<= )/).map((word) => text(word));
}

/** A run that fails mid-way with a server error frame. */
export const serverFailure = [
  text('Let me look that up. '),
  begin(search, 'onboarding'),
  { error: { message: 'The model is overloaded. Try again in a minute.' } },
];

/** Normalized events: one call started with nothing streamed yet (pending). */
export const pendingEvents: StreamEvent[] = [
  {
    type: 'tool-start',
    callId: 'call_pending',
    phase: 'call',
    toolName: 'search_confluence',
    kind: 'tool',
    parentCallId: null,
    agent: null,
    eventType: 'call',
    details: { summary: 'Waiting for the search service' },
  },
];

/** Normalized events: a message with reasoning, then text. */
export const reasoningEvents: StreamEvent[] = [
  {
    type: 'reasoning-delta',
    delta: 'The user asks about their start date. The calendar says Monday; the guide says 9:00.',
  },
  { type: 'text-delta', delta: 'You start on **Monday at 9:00**.' },
  { type: 'done' },
];

export { chunk };
