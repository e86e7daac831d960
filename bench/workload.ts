import type { ChatMessageResponse, ToolCallResponse } from '../packages/core/src/index.js';
import { createRandom } from './prng.js';
import { AGENTS, TOOLS, words } from './vocabulary.js';

/** What a correct consumer must know about one call once the stream has ended. */
export interface ExpectedCall {
  callId: string;
  toolName: string;
  /** The delegation the call belongs to (`tool_call_details.parent_call_id`), `null` at top level. */
  parentId: string | null;
  /** Final text of the latest phase: the complete `tool_response` when one was sent, else the parts. */
  output: string;
  /** Always `true`: every call of the workload completes. */
  complete: boolean;
}

/** The state every contender must end in. */
export interface ExpectedState {
  /** All assistant `message` text, in order. */
  text: string;
  /** In order of first appearance. */
  calls: ExpectedCall[];
  /** SSE events carrying a `ChatMessageResponse`. */
  frames: number;
  /** `tool_calls` entries over all frames. */
  toolCallEntries: number;
  lastEventId: string;
}

/** Shape of a workload, for the report. */
export interface WorkloadStats {
  frames: number;
  toolCallEntries: number;
  calls: number;
  delegations: number;
  /** Calls with a `parent_call_id`. */
  nestedCalls: number;
  /** Most delegation results streaming at the same time. */
  maxStreaming: number;
  /** Average number of delegation results streaming at once, over the frames that carried one. */
  meanStreaming: number;
}

/** A generated run: the SSE bytes of the primary protocol and the state they must produce. */
export interface Workload {
  name: string;
  seed: number;
  bytes: Uint8Array;
  expected: ExpectedState;
  stats: WorkloadStats;
}

/** Options of {@link generateWorkload}. */
export interface WorkloadOptions {
  name: string;
  /** The size to aim at; the result is within a few percent of it. */
  targetBytes: number;
  seed: number;
  /** Delegations streaming at once while the run is in full swing. */
  concurrency?: number;
}

/** A call the generator has opened and not finished yet. */
interface OpenCall {
  id: string;
  kind: 'delegation' | 'tool';
  toolName: string;
  agent: string;
  parentId: string | null;
  depth: number;
  /** Delegations: parts still to send, the last one included. */
  partsLeft: number;
  /** Delegations: text streamed so far. */
  streamed: string;
  /** Whether the result phase has started. */
  streaming: boolean;
  /** Children not finished yet: a sub-agent reports only after its own tools returned. */
  openChildren: number;
}

/**
 * Generates a sub-agent delegation run: a supervisor writes text and delegates to dozens of
 * sub-agents at once; each delegation result streams in `stream_part`s (`is_complete` false … true),
 * sub-agents call tools and delegate further (`parent_call_id`, `agent`), and the updates of all
 * open calls are interleaved, sometimes several in one frame. Deterministic for a given seed.
 */
export function generateWorkload(options: WorkloadOptions): Workload {
  const random = createRandom(options.seed);
  const concurrency = options.concurrency ?? 32;
  const encoder = new TextEncoder();
  const out: string[] = ['retry: 3000\n\n'];
  let size = out[0]!.length;
  let text = '';
  let frames = 0;
  let entries = 0;
  let partsSent = 0;
  let nextCallNumber = 1;
  let streaming = 0;
  let maxStreaming = 0;
  let streamingSum = 0;
  let streamingFrames = 0;
  const expected = new Map<string, ExpectedCall>();
  const open: OpenCall[] = [];

  const emit = (response: ChatMessageResponse) => {
    frames++;
    entries += response.tool_calls.length;
    text += response.message;
    if (streaming > 0) {
      streamingSum += streaming;
      streamingFrames++;
    }
    // Proxies send comments to keep idle connections open; parsers must skip them.
    const comment = frames % 997 === 0 ? ': keep-alive\n\n' : '';
    const frame = `${comment}id: ${frames}\ndata: ${JSON.stringify(response)}\n\n`;
    out.push(frame);
    size += byteLength(frame);
  };
  const say = (count: number) =>
    emit({ message: leadingSpace(words(random, count)), citations: [], tool_calls: [] });

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
      streaming: false,
      openChildren: 0,
    };
    if (parent !== null) parent.openChildren++;
    open.push(call);
    expected.set(call.id, {
      callId: call.id,
      toolName: call.toolName,
      parentId: call.parentId,
      output: '',
      complete: true,
    });
    return {
      call_id: call.id,
      event_type: kind === 'delegation' ? 'delegation_call' : 'call',
      tool_name: call.toolName,
      tool_response: '',
      tool_call_details: { ...detailsOf(call), summary: words(random, random.int(4, 12)) },
      // Backends differ: some send an explicit null, some leave the field out.
      ...(random.chance(0.5) ? { stream_part: null } : {}),
      is_complete: true,
    };
  };

  const finish = (call: OpenCall, output: string) => {
    expected.get(call.id)!.output = output;
    open.splice(open.indexOf(call), 1);
    if (call.parentId !== null) {
      const parent = open.find((candidate) => candidate.id === call.parentId);
      if (parent !== undefined) parent.openChildren--;
    }
  };

  /** The next `tool_calls` entries of one open call (its own update, plus a child it may start). */
  const step = (call: OpenCall, spawning: boolean): ToolCallResponse[] => {
    if (call.kind === 'tool') {
      const output = `{"rows": ${random.int(0, 500)}, "excerpt": "${words(random, random.int(10, 120))}"}`;
      finish(call, output);
      return [{ ...resultBase(call), tool_response: output, is_complete: true }];
    }
    const updates: ToolCallResponse[] = [];
    if (!call.streaming) {
      call.streaming = true;
      streaming++;
      maxStreaming = Math.max(maxStreaming, streaming);
    }
    const part = leadingSpace(words(random, random.int(1, 14)));
    call.partsLeft--;
    partsSent++;
    if (call.partsLeft > 0) {
      call.streamed += part;
      updates.push({ ...resultBase(call), stream_part: part, is_complete: false });
      // Sub-agents use tools, and now and then delegate further (not once the run winds down).
      if (!spawning) return updates;
      if (call.partsLeft > 2 && random.chance(0.05)) updates.push(openCall('tool', call));
      else if (call.partsLeft > 20 && call.depth < 2 && random.chance(0.008)) {
        updates.push(openCall('delegation', call));
      }
      return updates;
    }
    streaming--;
    const full = call.streamed + part;
    const mode = random.next();
    if (mode < 0.45) {
      // The last part closes the phase; no complete text.
      finish(call, full);
      updates.push({ ...resultBase(call), stream_part: part, is_complete: true });
    } else if (mode < 0.8) {
      // The last part also carries the complete text, which wins (sometimes it differs).
      const complete = random.chance(0.25) ? `${full}\n\n— end of report` : full;
      finish(call, complete);
      updates.push({ ...resultBase(call), stream_part: part, tool_response: complete, is_complete: true });
    } else {
      // All parts streamed as partial; a complete update without stream_part ends the phase.
      call.streamed = full;
      updates.push({ ...resultBase(call), stream_part: part, is_complete: false });
      finish(call, full);
      updates.push({ ...resultBase(call), tool_response: full, is_complete: true });
    }
    return updates;
  };

  const ready = (call: OpenCall) => call.kind === 'tool' || call.partsLeft > 1 || call.openChildren === 0;
  const delegationsOpen = () => open.reduce((n, call) => n + (call.kind === 'delegation' ? 1 : 0), 0);

  say(random.int(20, 40));
  for (;;) {
    // Stop delegating when the open calls will carry the run to its target size.
    const bytesPerPart = partsSent === 0 ? 450 : size / partsSent;
    const pending = open.reduce((n, call) => n + call.partsLeft + (call.kind === 'tool' ? 1 : 0), 0);
    const spawning = size + pending * bytesPerPart < options.targetBytes;
    if (!spawning && open.length === 0) break;
    if (random.chance(0.05)) {
      say(random.int(3, 15));
      continue;
    }
    if (spawning && delegationsOpen() < concurrency) {
      emit({ message: '', citations: [], tool_calls: [openCall('delegation', null)] });
      continue;
    }
    const candidates = open.filter(ready);
    const wanted = Math.min(candidates.length, random.chance(0.6) ? 1 : random.chance(0.6) ? 2 : 3);
    const toolCalls: ToolCallResponse[] = [];
    for (let i = 0; i < wanted; i++) {
      const index = random.int(0, candidates.length - 1);
      const [call] = candidates.splice(index, 1);
      toolCalls.push(...step(call!, spawning));
    }
    if (toolCalls.length === 0) continue;
    const message = random.chance(0.02) ? leadingSpace(words(random, random.int(2, 6))) : '';
    emit({ message, citations: [], tool_calls: toolCalls });
  }
  say(random.int(30, 60));

  const calls = [...expected.values()];
  return {
    name: options.name,
    seed: options.seed,
    bytes: encoder.encode(out.join('')),
    expected: { text, calls, frames, toolCallEntries: entries, lastEventId: String(frames) },
    stats: {
      frames,
      toolCallEntries: entries,
      calls: calls.length,
      delegations: calls.filter((call) => call.toolName.endsWith('_agent')).length,
      nestedCalls: calls.filter((call) => call.parentId !== null).length,
      maxStreaming,
      meanStreaming: streamingFrames === 0 ? 0 : streamingSum / streamingFrames,
    },
  };
}

function detailsOf(call: OpenCall): Record<string, string> {
  return call.parentId === null
    ? { agent: call.agent }
    : { agent: call.agent, parent_call_id: call.parentId };
}

/** The fields every result-phase entry of `call` repeats (backends resend the details). */
function resultBase(call: OpenCall): ToolCallResponse {
  return {
    call_id: call.id,
    event_type: call.kind === 'delegation' ? 'delegation_result' : 'result',
    tool_name: call.toolName,
    tool_response: '',
    tool_call_details: detailsOf(call),
    is_complete: true,
  };
}

function leadingSpace(text: string): string {
  return ` ${text}`;
}

function byteLength(text: string): number {
  // Cheaper than encoding: only the size is needed here.
  return Buffer.byteLength(text, 'utf8');
}
