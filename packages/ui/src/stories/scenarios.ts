import type { StreamEvent } from '@toolstream/core/adapters';
import {
  begin,
  type CallSpec,
  cite,
  end,
  part,
  pieces,
  result,
  streamResult,
  text,
} from '../test-utils/chunks.js';
import { type Wait, wait } from './story-store.js';

/**
 * Ready-made streams for the stories, in the primary protocol, with the pauses a real agent
 * takes (`wait`), so every call has a realistic duration on the stories' scripted clock.
 */

type Step = unknown | Wait;

/** Text streamed a few words at a time. */
export function words(value: string, perStep = 3): Step[] {
  const tokens = value.split(/(?<= )/);
  const out: Step[] = [];
  for (let i = 0; i < tokens.length; i += perStep) out.push(text(tokens.slice(i, i + perStep).join('')));
  return out;
}

/** A phase streamed in pieces of about `size` characters, a step each. */
export function streamed(spec: CallSpec, value: string, size = 48): Step[] {
  return pieces(value, size).map((piece) => part(spec, piece));
}

export const search: CallSpec = {
  id: 'call_search',
  tool: 'search_confluence',
  details: { summary: 'Searching Confluence for "onboarding"', space: 'ENG', max_results: 5 },
};

export const SEARCH_INPUT = '{"query":"onboarding guide","space":"ENG","limit":5}';

export const SEARCH_OUTPUT = JSON.stringify({
  total: 3,
  results: [
    { title: 'Onboarding guide', url: 'https://confluence.example.com/eng/onboarding', score: 0.94 },
    { title: 'Laptop setup', url: 'https://confluence.example.com/eng/laptop', score: 0.81 },
    { title: 'First-week checklist', url: 'https://confluence.example.com/eng/first-week', score: 0.77 },
  ],
});

export const fetchPage: CallSpec = {
  id: 'call_fetch',
  tool: 'fetch_page',
  details: { summary: 'Onboarding guide' },
};

export const PAGE_TEXT =
  '## Onboarding guide\n\n**Week 1** — accounts, laptop and your buddy.\n\n- Request a laptop on day one\n- Set up SSO and the VPN\n- Book the welcome session\n\n**Week 2** — your first ticket, paired with your buddy.';

export const ANSWER =
  'The **onboarding guide** lives in the Engineering space. In short:\n\n1. **Week 1** — accounts, laptop and a buddy.\n2. **Week 2** — a first ticket, paired.\n\nStart by requesting a laptop on day one.';

/** A search, a page read, and an answer with a source: a turn most chats look like. */
export const researchTurn: Step[] = [
  ...words('Let me look that up in Confluence.\n\n'),
  begin(search, SEARCH_INPUT),
  wait(620),
  result(search, SEARCH_OUTPUT),
  begin(fetchPage, '{"url":"https://confluence.example.com/eng/onboarding"}'),
  wait(300),
  ...streamed(fetchPage, PAGE_TEXT, 60),
  end(fetchPage),
  ...words(ANSWER),
  cite('https://confluence.example.com/eng/onboarding'),
];

export const researcher: CallSpec = {
  id: 'del_researcher',
  tool: 'delegate',
  delegation: true,
  agent: 'researcher',
};
const rSearch: CallSpec = { ...search, id: 'r_search', parent: 'del_researcher', agent: 'researcher' };
const rFetch: CallSpec = { ...fetchPage, id: 'r_fetch', parent: 'del_researcher', agent: 'researcher' };
const rSummarize: CallSpec = {
  id: 'r_summarize',
  tool: 'summarize',
  parent: 'del_researcher',
  agent: 'researcher',
  details: { summary: 'Two paragraphs' },
};

/** A sub-agent at work: its calls and its streamed answer, inside the supervisor's turn. */
export function delegationSteps(options: { finish?: boolean } = {}): Step[] {
  const finish = options.finish ?? true;
  const steps: Step[] = [
    ...words('I will ask the research agent.\n\n'),
    begin(researcher, 'Find the onboarding pages and summarise them'),
    wait(200),
    begin(rSearch, SEARCH_INPUT),
    wait(700),
    result(rSearch, SEARCH_OUTPUT),
    begin(rFetch, '{"url":"https://confluence.example.com/eng/onboarding"}'),
    wait(400),
    ...streamed(rFetch, PAGE_TEXT, 60),
    end(rFetch),
    begin(rSummarize, '{"pages":1}'),
    ...streamed(
      rSummarize,
      'Week 1 sets up accounts, a laptop and a buddy; week 2 brings a first ticket.',
      24,
    ),
  ];
  if (!finish) return steps;
  return [
    ...steps,
    end(rSummarize),
    ...streamed(
      researcher,
      'The onboarding guide covers two weeks: setup first, then a first ticket with a buddy.',
      30,
    ),
    end(researcher),
    ...words('The research agent found the **onboarding guide**: week 1 is setup, week 2 a first ticket.'),
    cite('https://confluence.example.com/eng/onboarding'),
  ];
}

export const planner: CallSpec = { id: 'del_planner', tool: 'delegate', delegation: true, agent: 'planner' };
const pResearcher: CallSpec = { ...researcher, id: 'del_p_researcher', parent: 'del_planner' };
const pReader: CallSpec = {
  id: 'del_reader',
  tool: 'delegate',
  delegation: true,
  agent: 'page_reader',
  parent: 'del_p_researcher',
};
const pSearch: CallSpec = { ...search, id: 'p_search', parent: 'del_p_researcher', agent: 'researcher' };
const pFetch: CallSpec = { ...fetchPage, id: 'p_fetch', parent: 'del_reader', agent: 'page_reader' };
const pCalendar: CallSpec = {
  id: 'p_calendar',
  tool: 'check_calendar',
  parent: 'del_planner',
  agent: 'planner',
  details: { summary: 'Next onboarding session' },
};

/** planner → researcher → page_reader, with tools at every level. */
export const threeLevelDelegation: Step[] = [
  ...words('I will ask the planner to put the answer together.\n\n'),
  begin(planner, 'Prepare an onboarding answer'),
  begin(pResearcher, 'Find the onboarding pages'),
  begin(pSearch, SEARCH_INPUT),
  wait(500),
  result(pSearch, SEARCH_OUTPUT),
  begin(pReader, 'Read the onboarding guide'),
  begin(pFetch, '{"url":"https://confluence.example.com/eng/onboarding"}'),
  wait(600),
  ...streamed(pFetch, PAGE_TEXT, 80),
  end(pFetch),
  ...streamed(pReader, 'Week 1: setup. Week 2: a first ticket.', 20),
  end(pReader),
  ...streamed(pResearcher, 'The guide is the page to read.', 20),
  end(pResearcher),
  begin(pCalendar, '{"event":"onboarding session"}'),
  wait(350),
  result(pCalendar, 'Monday 9:00 — onboarding session, room 4.2'),
  ...streamed(planner, 'Start with the onboarding guide; the session is on Monday at 9:00.', 30),
  end(planner),
  ...words('Start with the **onboarding guide**. Your session is on Monday at 9:00.'),
  cite('https://confluence.example.com/eng/onboarding'),
];

const weather: CallSpec = { id: 'call_weather', tool: 'get_weather', details: { summary: 'Seoul' } };
const time: CallSpec = { id: 'call_time', tool: 'get_local_time', details: { summary: 'Asia/Seoul' } };
const flights: CallSpec = {
  id: 'call_flights',
  tool: 'search_flights',
  details: { summary: 'ICN → NRT, tomorrow' },
};

/** Three tools at once, all done: the answer folds them into "Used 3 tools". */
export const parallelTools: Step[] = [
  ...words('Checking the weather, the time and flights at once.\n\n'),
  begin(weather, '{"city":"Seoul"}'),
  begin(time, '{"zone":"Asia/Seoul"}'),
  begin(flights, '{"from":"ICN","to":"NRT","date":"tomorrow"}'),
  wait(400),
  result(weather, '{"city":"Seoul","tempC":18,"sky":"light rain"}'),
  wait(150),
  result(time, '15:04'),
  wait(500),
  result(flights, 'OZ1045 09:35 → 11:45, 175 000 KRW\nKE2101 08:10 → 10:20, 189 000 KRW'),
  ...words(
    'In Seoul it is 15:04, 18 °C with light rain. The cheapest flight tomorrow is **OZ1045** at 09:35.',
  ),
];

export const jira: CallSpec = {
  id: 'call_jira',
  tool: 'jira_get_issue',
  details: { summary: 'Fetch OPS-42' },
};

/** A tool that fails; the agent says so and the turn still finishes. */
export const failingTool: Step[] = [
  ...words('Let me look up the ticket.\n\n'),
  begin(jira, '{"key":"OPS-42"}'),
  wait(1200),
  end(jira, {
    response: 'Error: connection refused (jira.internal:443)',
    error: 'connection refused (jira.internal:443)',
  }),
  ...words('I could not reach Jira just now (connection refused). Please try again in a few minutes.'),
];

/** A turn frozen mid-run: text, a call done, a call streaming its result. */
export const midRun: Step[] = [
  ...words('Let me look that up in Confluence.\n\n'),
  begin(search, SEARCH_INPUT),
  wait(620),
  result(search, SEARCH_OUTPUT),
  begin(fetchPage, '{"url":"https://confluence.example.com/eng/onboarding"}'),
  wait(300),
  ...streamed(fetchPage, PAGE_TEXT.slice(0, 150), 50),
];

/** A long markdown output (about 60 paragraphs, lists and code). */
export function longMarkdown(paragraphs = 60): string {
  const blocks: string[] = [];
  for (let i = 1; i <= paragraphs; i++) {
    if (i % 10 === 0) blocks.push(`\`\`\`ts\n// section ${i}\nexport const value${i} = ${i} * 2;\n\`\`\``);
    else if (i % 7 === 0) blocks.push(`- item ${i}.1\n- item ${i}.2 with *emphasis*`);
    else
      blocks.push(
        `Paragraph ${i}: the tool read page ${i} and found the section about onboarding step ${i}.`,
      );
  }
  return blocks.join('\n\n');
}

export const readDocument: CallSpec = {
  id: 'call_long',
  tool: 'read_document',
  details: { summary: 'handbook.md' },
};

/** A call whose output is very long (the long-run case): it stays in a bounded area. */
export const longOutput: Step[] = [
  begin(readDocument, '{"file":"handbook.md"}'),
  wait(900),
  ...streamResult(readDocument, longMarkdown(), 2000),
];

/** A provider's own web search (`kind: 'provider'`), as normalized events, with its sources. */
export const providerSearchEvents: Array<StreamEvent | Wait> = [
  { type: 'text-delta', delta: 'Let me search the web.\n\n' },
  {
    type: 'tool-start',
    callId: 'ws_1',
    phase: 'call',
    toolName: 'web_search',
    kind: 'provider',
    parentCallId: null,
    agent: null,
    eventType: 'call',
    details: null,
  },
  {
    type: 'tool-args-delta',
    callId: 'ws_1',
    delta: '{"query":"toolstream streaming tool calls"}',
    args: { query: 'toolstream streaming tool calls' },
  },
  { type: 'tool-end', callId: 'ws_1', phase: 'call', output: '', details: null, error: null },
  wait(1100),
  {
    type: 'tool-start',
    callId: 'ws_1',
    phase: 'result',
    toolName: 'web_search',
    kind: 'provider',
    parentCallId: null,
    agent: null,
    eventType: 'result',
    details: null,
  },
  {
    type: 'tool-end',
    callId: 'ws_1',
    phase: 'result',
    output: '3 results: toolstream docs, the protocol reference, a blog post on SSE.',
    details: null,
    error: null,
  },
  { type: 'text-delta', delta: 'toolstream renders an agent’s tool calls as they stream over SSE.' },
  {
    type: 'citations',
    citations: [
      {
        source: 'https://toolstream.example.dev/docs',
        title: 'toolstream documentation',
        quote: 'Show an AI agent’s work as it streams.',
      },
      { source: 'https://toolstream.example.dev/protocol', title: 'Wire protocol' },
    ],
  },
  { type: 'usage', usage: { inputTokens: 1840, outputTokens: 96 } },
];

/** Reasoning, then the answer. */
export const reasoningEvents: StreamEvent[] = [
  {
    type: 'reasoning-delta',
    delta: 'The user asks about their start date. The calendar says Monday; the guide says 9:00.',
  },
  { type: 'text-delta', delta: 'You start on **Monday at 9:00**.' },
];

/** A call started with nothing streamed yet (pending). */
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
