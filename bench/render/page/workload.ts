import type { ChatMessageResponse, ToolCallResponse } from '@toolstream/core';
import { createRandom, type Random } from '../../prng.js';

/** A tool call or delegation of the run. */
interface CallSpec {
  id: string;
  tool: string;
  delegation: boolean;
  agent: string;
  parent?: string;
  details?: Record<string, unknown>;
}

/** A chunk of the primary protocol. */
const chunk = (message: string, toolCalls: ToolCallResponse[]): ChatMessageResponse => ({
  message,
  citations: [],
  tool_calls: toolCalls,
});

/** One `tool_calls` entry of `spec`'s `phase`, with `fields` over the defaults. */
function toolCall(
  spec: CallSpec,
  phase: 'call' | 'result',
  fields: Partial<ToolCallResponse>,
): ToolCallResponse {
  const details: Record<string, unknown> = { ...spec.details };
  if (spec.parent !== undefined) details.parent_call_id = spec.parent;
  details.agent = spec.agent;
  return {
    call_id: spec.id,
    event_type: spec.delegation ? `delegation_${phase}` : phase,
    tool_name: spec.tool,
    tool_response: '',
    tool_call_details: details,
    ...fields,
  };
}

/**
 * The render bench's stream: a supervisor hands work to a planner, which delegates to five
 * researchers; the researchers keep `concurrency` tool calls streaming their results at once
 * (`stream_part`), and whenever one ends another starts in its place, so the delegation lists
 * grow and the collapsed-summary counts change while the rest streams. One more call, the
 * "unchanged" one, arrives complete in a single chunk near the start and is never touched again.
 * Every `markerEvery`-th chunk that streams a tool's result carries a unique marker word, so the
 * page can tell when that chunk's text reached the screen.
 *
 * Deterministic (seeded): every run and machine streams the same bytes.
 */
export interface WorkloadOptions {
  /** Chunks in the whole stream. */
  chunks: number;
  /** Tool calls streaming at the same time. */
  concurrency: number;
  /** Sub-agent delegations the calls are spread over. */
  researchers: number;
  /** Tag one in this many chunks with a marker. */
  markerEvery: number;
  seed: number;
}

/** A chunk whose text carries a marker word, and where that text shows up. */
export interface MarkerSpec {
  chunkIndex: number;
  /** The word to look for. */
  text: string;
  /** The call's tool (tool names are unique per call here). */
  tool: string;
}

export interface Workload {
  /** Each chunk as the JSON text an `EventSource` would hand over. */
  chunks: string[];
  markers: MarkerSpec[];
  /** Tool names of every streaming (leaf) call, in order of appearance. */
  leafTools: string[];
  /** Calls in the run: delegations, leaves and the unchanged one. */
  callCount: number;
}

export const UNCHANGED_TOOL = 'lookup_glossary';

const WORDS = (
  'onboarding laptop checklist Confluence page access request team calendar policy the a with ' +
  'for and setup review first week mentor VPN token groupe Überblick données 手順'
).split(' ');

/** A few words of tool output; now and then a paragraph break, a list item or bold text, each closed within the piece. */
function piece(random: Random): string {
  const words: string[] = [];
  for (let i = random.int(1, 3); i > 0; i--) words.push(random.pick(WORDS));
  const roll = random.next();
  if (roll < 0.06) return `\n\n${words.join(' ')}`;
  if (roll < 0.1) return `\n- ${words.join(' ')}`;
  if (roll < 0.14) return ` **${words.join(' ')}**`;
  return ` ${words.join(' ')}`;
}

interface Slot {
  spec: CallSpec;
  /** Result pieces still to stream before the call ends. */
  remaining: number;
  began: boolean;
}

/** Builds the stream (see {@link Workload}). */
export function createWorkload(options: WorkloadOptions): Workload {
  const random = createRandom(options.seed);
  const out: ChatMessageResponse[] = [];
  const markers: MarkerSpec[] = [];
  const leafTools: string[] = [];

  const planner: CallSpec = { id: 'del_planner', tool: 'delegate', delegation: true, agent: 'planner' };
  const researchers: CallSpec[] = [];
  for (let r = 0; r < options.researchers; r++) {
    researchers.push({
      id: `del_researcher_${r}`,
      tool: 'delegate',
      delegation: true,
      agent: `researcher-${r + 1}`,
      parent: planner.id,
    });
  }
  out.push(chunk('I will split the onboarding question across several researchers.\n\n', []));
  out.push(chunk('', [toolCall(planner, 'call', { tool_response: 'Answer the onboarding question' })]));
  for (const researcher of researchers) {
    out.push(chunk('', [toolCall(researcher, 'call', { tool_response: `Investigate ${researcher.agent}` })]));
  }
  const unchanged: CallSpec = {
    id: 'call_unchanged',
    tool: UNCHANGED_TOOL,
    delegation: false,
    parent: researchers[0]!.id,
    agent: researchers[0]!.agent,
    details: { summary: 'Looking up the glossary' },
  };
  // One complete chunk (no stream_part): the call is `complete` from its first appearance.
  out.push(
    chunk('', [toolCall(unchanged, 'result', { tool_response: 'Glossary: **VPN** — virtual network.' })]),
  );

  let next = 0;
  const newSlot = (): Slot => {
    const n = next++;
    const researcher = researchers[n % researchers.length]!;
    const tool = `tool_${String(n).padStart(3, '0')}`;
    leafTools.push(tool);
    return {
      spec: {
        id: `call_${n}`,
        tool,
        delegation: false,
        parent: researcher.id,
        agent: researcher.agent,
        details: { summary: `Step ${n} of the research` },
      },
      remaining: random.int(40, 200),
      began: false,
    };
  };
  const slots: Slot[] = [];
  for (let i = 0; i < options.concurrency; i++) slots.push(newSlot());

  while (out.length < options.chunks) {
    const index = random.int(0, slots.length - 1);
    const slot = slots[index]!;
    if (!slot.began) {
      slot.began = true;
      out.push(chunk('', [toolCall(slot.spec, 'call', { tool_response: `query ${slot.spec.id}` })]));
    } else if (slot.remaining > 0) {
      slot.remaining--;
      let text = piece(random);
      if (out.length % options.markerEvery === 0) {
        const word = `mk${out.length}x`;
        text += ` ${word}`;
        markers.push({ chunkIndex: out.length, text: word, tool: slot.spec.tool });
      }
      out.push(chunk('', [toolCall(slot.spec, 'result', { stream_part: text, is_complete: false })]));
    } else {
      out.push(chunk('', [toolCall(slot.spec, 'result', { stream_part: '', is_complete: true })]));
      slots[index] = newSlot();
    }
  }

  return {
    chunks: out.map((value) => JSON.stringify(value)),
    markers,
    leafTools,
    callCount: 1 + researchers.length + 1 + next,
  };
}
