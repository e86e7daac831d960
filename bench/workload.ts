import type { ChatMessageResponse, ToolCallResponse } from '@toolstream/core';
import { createRandom, type Random } from './prng.js';

/** What a correct consumer knows of a call at the end: `output` is the latest phase's final text. */
export type ExpectedCall = { callId: string; parentId: string | null; output: string; complete: boolean };

/** The state every contender must end in: all assistant text, and the calls in order of arrival. */
export interface ExpectedState {
  text: string;
  calls: ExpectedCall[];
  /** SSE events, `tool_calls` entries over all of them, and the last SSE id (the floor's check). */
  frames: number;
  toolCallEntries: number;
  lastEventId: string;
}

// Plain words, 2- to 4-byte UTF-8 (so 16 KiB cuts land inside characters) and characters JSON must
// escape. Split on single spaces: no word holds one.
const WORDS = (
  'the agent found three relevant pages in Confluence and summarised them for you latency p95 ' +
  'improved by 12% after cache change deploy rollback incident owner ticket query returned rows ' +
  'with a of to is naïve café Zürich façade résumé 日本語 のテスト данные отчёт Ελληνικά 🚀 ✅ 📄 €42 ' +
  'Straße — … "quoted" C:\\temp\\out tab\there <b>not-html</b> `code`'
).split(' ');
const AGENTS = 'research confluence jira code_review data_analyst writer planner web_search'.split(' ');
const TOOLS = 'confluence_search jira_get_issue sql_query read_file http_get vector_search'.split(' ');

/** `lead`, then `count` words between spaces, now and then a newline or a list item instead. */
function words(random: Random, count: number, lead = ' '): string {
  let text = lead;
  for (let i = 0; i < count; i++) {
    const roll = random.next();
    text += (i === 0 ? '' : roll < 0.03 ? '\n\n- ' : roll < 0.06 ? '\n' : ' ') + random.pick(WORDS);
  }
  return text;
}

/** A call the generator has opened and not finished yet. */
interface OpenCall {
  id: string;
  kind: 'delegation' | 'tool';
  toolName: string;
  agent: string;
  parentId: string | null;
  depth: number;
  /** Delegations: parts still to send (the last one included), the text streamed so far. */
  partsLeft: number;
  streamed: string;
  /** A sub-agent reports only after its own tools returned. */
  openChildren: number;
}

/**
 * A sub-agent delegation run of about `targetBytes`: a supervisor writes text and keeps 32
 * delegations open; each streams its result in `stream_part`s, its sub-agent calls tools and now
 * and then delegates further (`parent_call_id`, `agent`); the updates of all open calls are
 * interleaved, sometimes several in one frame, and results end in all three ways the protocol
 * allows. Deterministic for a given seed: every run and machine gets the same bytes.
 */
export function generateWorkload(targetBytes: number, seed: number) {
  const random = createRandom(seed);
  const out: string[] = ['retry: 3000\n\n'];
  let size = out[0]!.length;
  let text = '';
  let [frames, entries, partsSent, nextCallNumber] = [0, 0, 0, 1];
  const expected = new Map<string, ExpectedCall>();
  const open: OpenCall[] = [];

  const emit = (response: ChatMessageResponse) => {
    frames++;
    entries += response.tool_calls.length;
    text += response.message;
    // Proxies send comments to keep idle connections open; parsers must skip them.
    const frame = `${frames % 997 === 0 ? ': keep-alive\n\n' : ''}id: ${frames}\ndata: ${JSON.stringify(response)}\n\n`;
    out.push(frame);
    size += Buffer.byteLength(frame, 'utf8');
  };
  const say = (count: number) => emit({ message: words(random, count), citations: [], tool_calls: [] });
  const details = (call: OpenCall): Record<string, string> =>
    call.parentId === null ? { agent: call.agent } : { agent: call.agent, parent_call_id: call.parentId };
  // Backends resend the details with every result entry.
  const resultBase = (call: OpenCall): ToolCallResponse => ({
    call_id: call.id,
    event_type: call.kind === 'delegation' ? 'delegation_result' : 'result',
    tool_name: call.toolName,
    tool_response: '',
    tool_call_details: details(call),
    is_complete: true,
  });

  const openCall = (kind: OpenCall['kind'], parent: OpenCall | null): ToolCallResponse => {
    const agent = kind === 'delegation' ? random.pick(AGENTS) : (parent?.agent ?? random.pick(AGENTS));
    const call: OpenCall = {
      id: `call_${String(nextCallNumber++).padStart(5, '0')}_${random.int(0, 0xffff).toString(16)}`,
      kind,
      toolName: kind === 'delegation' ? `${agent}_agent` : random.pick(TOOLS),
      agent,
      parentId: parent?.id ?? null,
      depth: parent === null ? 0 : parent.depth + 1,
      partsLeft: kind === 'delegation' ? random.int(20, 160) : 0,
      streamed: '',
      openChildren: 0,
    };
    if (parent !== null) parent.openChildren++;
    open.push(call);
    expected.set(call.id, { callId: call.id, parentId: call.parentId, output: '', complete: true });
    return {
      call_id: call.id,
      event_type: kind === 'delegation' ? 'delegation_call' : 'call',
      tool_name: call.toolName,
      tool_response: '',
      tool_call_details: { ...details(call), summary: words(random, random.int(4, 12), '') },
      // Backends differ: some send an explicit null, some leave the field out.
      ...(random.chance(0.5) ? { stream_part: null } : {}),
      is_complete: true,
    };
  };

  const finish = (call: OpenCall, output: string) => {
    expected.get(call.id)!.output = output;
    open.splice(open.indexOf(call), 1);
    const parent = open.find((candidate) => candidate.id === call.parentId);
    if (parent !== undefined) parent.openChildren--;
  };

  /** The next `tool_calls` entries of one open call (its own update, plus a child it may start). */
  const step = (call: OpenCall, spawning: boolean): ToolCallResponse[] => {
    if (call.kind === 'tool') {
      const output = `{"rows": ${random.int(0, 500)}, "excerpt": "${words(random, random.int(10, 120), '')}"}`;
      finish(call, output);
      return [{ ...resultBase(call), tool_response: output, is_complete: true }];
    }
    const part = words(random, random.int(1, 14));
    call.partsLeft--;
    partsSent++;
    if (call.partsLeft > 0) {
      call.streamed += part;
      const updates: ToolCallResponse[] = [{ ...resultBase(call), stream_part: part, is_complete: false }];
      if (!spawning) return updates; // no new calls once the run winds down
      if (call.partsLeft > 2 && random.chance(0.05)) updates.push(openCall('tool', call));
      else if (call.partsLeft > 20 && call.depth < 2 && random.chance(0.008)) {
        updates.push(openCall('delegation', call));
      }
      return updates;
    }
    const full = call.streamed + part;
    const mode = random.next();
    if (mode < 0.45) {
      // The last part closes the phase; no complete text.
      finish(call, full);
      return [{ ...resultBase(call), stream_part: part, is_complete: true }];
    }
    if (mode < 0.8) {
      // The last part also carries the complete text, which wins (sometimes it differs).
      const complete = random.chance(0.25) ? `${full}\n\n— end of report` : full;
      finish(call, complete);
      return [{ ...resultBase(call), stream_part: part, tool_response: complete, is_complete: true }];
    }
    // All parts streamed as partial; a complete update without stream_part ends the phase.
    finish(call, full);
    return [
      { ...resultBase(call), stream_part: part, is_complete: false },
      { ...resultBase(call), tool_response: full, is_complete: true },
    ];
  };

  const ready = (call: OpenCall) => call.kind === 'tool' || call.partsLeft > 1 || call.openChildren === 0;
  say(random.int(20, 40));
  for (;;) {
    // Stop delegating when the open calls will carry the run to its target size.
    const bytesPerPart = partsSent === 0 ? 450 : size / partsSent;
    const pending = open.reduce((n, call) => n + call.partsLeft + (call.kind === 'tool' ? 1 : 0), 0);
    const spawning = size + pending * bytesPerPart < targetBytes;
    if (!spawning && open.length === 0) break;
    if (random.chance(0.05)) {
      say(random.int(3, 15));
      continue;
    }
    if (spawning && open.filter((call) => call.kind === 'delegation').length < 32) {
      emit({ message: '', citations: [], tool_calls: [openCall('delegation', null)] });
      continue;
    }
    const candidates = open.filter(ready);
    const wanted = Math.min(candidates.length, random.chance(0.6) ? 1 : random.chance(0.6) ? 2 : 3);
    const toolCalls: ToolCallResponse[] = [];
    for (let i = 0; i < wanted; i++) {
      const [call] = candidates.splice(random.int(0, candidates.length - 1), 1);
      toolCalls.push(...step(call!, spawning));
    }
    if (toolCalls.length === 0) continue;
    const message = random.chance(0.02) ? words(random, random.int(2, 6)) : '';
    emit({ message, citations: [], tool_calls: toolCalls });
  }
  say(random.int(30, 60));

  const calls = [...expected.values()];
  const nested = calls.filter((call) => call.parentId !== null).length;
  return {
    bytes: new TextEncoder().encode(out.join('')),
    expected: { text, calls, frames, toolCallEntries: entries, lastEventId: String(frames) },
    /** One line on the run's shape, for the report. */
    shape: `${frames} frames, ${entries} tool_calls entries, ${calls.length} calls (${nested} nested)`,
  };
}

/**
 * Cuts `bytes` into pieces of about `size` bytes (±25 %, seeded), each its own buffer as a socket
 * read would be. Every fourth cut is moved into the next multi-byte character, so a decoder that
 * mishandles split characters fails the check rather than passes by luck.
 */
export function cutIntoPieces(bytes: Uint8Array, size: number, seed: number): Uint8Array[] {
  const random = createRandom(seed);
  const pieces: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; ) {
    let end = Math.min(bytes.length, start + random.int(Math.floor(size * 0.75), Math.floor(size * 1.25)));
    if (pieces.length % 4 === 3) {
      // Cut right after the next lead byte of a multi-byte character (0b11xxxxxx).
      let lead = end;
      while (lead < bytes.length && lead < end + size && (bytes[lead]! & 0xc0) !== 0xc0) lead++;
      if (lead < bytes.length - 1 && lead < end + size) end = lead + 1;
    }
    pieces.push(bytes.slice(start, end));
    start = end;
  }
  return pieces;
}

/** A contender's final state of one call, as the check compares it. */
export type ObservedCall = Omit<ExpectedCall, 'callId'>;

/** How a final state differs from the generator's (the first few differences; none when equal). */
export function compareState(want: ExpectedState, text: string, calls: ReadonlyMap<string, ObservedCall>) {
  const problems = text === want.text ? [] : [`text differs (${text.length} vs ${want.text.length} chars)`];
  if (calls.size !== want.calls.length) problems.push(`${calls.size} calls, expected ${want.calls.length}`);
  for (const { callId, ...call } of want.calls) {
    const seen = calls.get(callId);
    const keys = ['output', 'complete', 'parentId'] as const;
    const wrong =
      seen === undefined
        ? ['missing']
        : keys.filter((key) => seen[key] !== call[key]).map((key) => `${key} wrong`);
    if (wrong.length > 0) problems.push(`call ${callId}: ${wrong.join(', ')}`);
  }
  return problems.slice(0, 5);
}
