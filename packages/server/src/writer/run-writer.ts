import { createFrameDecoder, type Framing } from '@toolstream/core/adapters';
import type { AwaitedCall, AwaitKind, DelegationRef } from '../input/pending-input.js';
import type { FrameInput } from '../store/run-store.js';
import {
  type ChunkCall,
  completeChunk,
  failure,
  partChunk,
  placement,
  primaryFrame,
} from './primary-chunks.js';
import { type PullSource, pullSource } from './pull-source.js';

/** Where a writer's frames go: the run's producer (batched into the store) or a test's array. */
export interface FrameSink {
  /** One frame, in order. Throws a `RangeError` for a frame over the size limit. */
  write(frame: FrameInput): void;
  /** Ends the run `failed` with this error frame; later writes are dropped. */
  fail(frame: FrameInput): void;
  /** Resolves when every frame written so far is stored. */
  flush(): Promise<void>;
  /** Frames written and not yet stored. */
  readonly pending: number;
  /** Aborts when the run ends by another hand (cancel, a limit, shutdown). */
  readonly signal: AbortSignal;
  /** The run waits on this call: kept as the run's pending asks when it ends `done`. */
  ask(call: AwaitedCall): void;
  /** The call got its result in this run after all: it no longer waits. */
  settle(callId: string): void;
  /** What the agent needs to go on after the answers, kept with the pending asks. */
  checkpoint(state: unknown): void;
}

/** What {@link RunWriter.relay} reads: bytes or text of a stream (SSE or NDJSON), or frames. */
export type RelaySource = PullSource<Uint8Array | string | FrameInput>;

/** Options of {@link RunWriter.toolCall}. */
export interface ToolCallOptions {
  /** The call's id, unique in the run. Default: `call_<n>`. */
  id?: string;
  /** Its arguments, sent as `tool_call_details.arguments`. */
  args?: Record<string, unknown>;
  /** A short line a UI shows for the call (`tool_call_details.summary`). */
  summary?: string;
  /** More `tool_call_details`. */
  details?: Record<string, unknown>;
  /**
   * The call waits (PROTOCOL.md §11): for the person's `approval` before it runs, for the
   * `client` (the browser runs it and sends its output), or for `input` (a value the person
   * gives). End the run then (return from `start`): the answers come in a continuation, checked
   * against what the run asked, as `start`'s `continuation`.
   */
  awaiting?: AwaitKind;
  /** With `awaiting: 'approval'`: the person may change the arguments before approving. */
  editable?: boolean;
  /** Words to show with the request ("Send this email?"). */
  prompt?: string;
}

/** Options of {@link RunWriter.delegate}. */
export interface DelegateOptions {
  /** The delegation's call id, unique in the run. Default: `call_<n>`. */
  id?: string;
  /** The delegation tool's name. Default `delegate_to_<agent>`. */
  tool?: string;
  /** What the sub-agent is asked to do (`tool_call_details.task`). */
  task?: string;
  summary?: string;
  details?: Record<string, unknown>;
}

/**
 * A tool call in progress. Its call phase was written when it was made; write its result as
 * streamed parts ({@link stream}) and complete it with {@link result}, or {@link fail} it.
 */
export interface ToolCallWriter {
  readonly id: string;
  readonly name: string;
  /** A piece of the result, shown as it comes. */
  stream(part: string): void;
  /** Completes the call with its whole result: `text`, or the parts streamed so far. */
  result(text?: string, details?: Record<string, unknown>): void;
  /** Completes the call as failed; the client shows `message` on the call. */
  fail(message: string, details?: Record<string, unknown>): void;
}

/**
 * A hand-over to a sub-agent: its own calls and delegations nest under it (`parent_call_id`,
 * `agent`), and its answer streams as the delegation's result.
 */
export interface DelegationWriter extends ToolCallWriter {
  readonly agent: string;
  /** Where it sits: what a waiting call made in it remembers, to write under it in a continuation. */
  readonly ref: DelegationRef;
  toolCall(name: string, options?: ToolCallOptions): ToolCallWriter;
  delegate(agent: string, options?: DelegateOptions): DelegationWriter;
}

/** Writes the primary protocol (PROTOCOL.md §2) so a backend never writes a frame by hand. */
export interface RunWriter {
  /** Assistant text to append. */
  text(delta: string): void;
  /** Sources (URLs or file names) for the answer. */
  citations(sources: readonly string[]): void;
  /** Makes a tool call (writes its call phase) and returns it, to write its result. */
  toolCall(name: string, options?: ToolCallOptions): ToolCallWriter;
  /** Hands work to a sub-agent; what it does nests under the returned delegation. */
  delegate(agent: string, options?: DelegateOptions): DelegationWriter;
  /**
   * A frame of any protocol, written as is (`event`, `data`). An `event: done` frame ends the run
   * `done`, an `event: error` frame ends it `failed` — as they end it for every client.
   */
  frame(frame: FrameInput): void;
  /**
   * Ends the run as failed: the client shows `message` and may retry. Later writes are dropped.
   * (A `start` that throws ends the run failed too, with a message that says nothing of the
   * error, unless `onError` gives one.)
   */
  error(message: string, options?: { code?: string }): void;
  /**
   * Writes every frame of another stream — a model provider's SSE or NDJSON body, or frames —
   * with the run's own ids, so any stream the client can read becomes resumable. Stops reading
   * (and closes the source) when the run ends by another hand.
   */
  relay(source: RelaySource, options?: { framing?: Framing }): Promise<void>;
  /** Resolves when every frame written so far is stored (before a long wait, say). */
  flush(): Promise<void>;
  /**
   * Records that the run waits on a call written some other way (by {@link frame} or
   * {@link relay}); `toolCall` with `awaiting` records its own.
   */
  awaiting(call: AwaitedCall): void;
  /**
   * Keeps `state` (plain JSON: the conversation so far, where the agent stopped) with the run's
   * pending asks; the continuation hands it back as `continuation.state`. The last one counts.
   */
  checkpoint(state: unknown): void;
  /**
   * A call made by an earlier run of the conversation (an answered one: `continuation.answers[i]`),
   * to write its result here: nothing is written until its result, on the same call id and under
   * the same delegation.
   */
  resumeCall(call: { id: string; name: string; delegation: DelegationRef | null }): ToolCallWriter;
  /** A delegation an earlier run left open, to go on writing in it and complete it. */
  resumeDelegation(delegation: DelegationRef): DelegationWriter;
}

/** Frames a relay lets queue before it waits for the store. */
const RELAY_HIGH_WATER = 256;

/** Creates a {@link RunWriter} over a sink. */
export function createRunWriter(sink: FrameSink): RunWriter {
  let calls = 0;
  const nextId = () => `call_${++calls}`;
  const write = (data: string) => sink.write({ data });

  // `callDetails` null: the call phase was written by an earlier run (a continuation resumes it).
  const makeCall = (
    call: ChunkCall,
    parentId: string | null,
    agent: string | null,
    callDetails: Record<string, unknown> | null,
  ) => {
    const context = placement(parentId, agent);
    if (callDetails !== null) {
      write(primaryFrame({ tool_calls: [completeChunk(call, 'call', '', { ...context, ...callDetails })] }));
    }
    let streamed = '';
    let settled = false;
    const settle = (what: string) => {
      if (settled) throw new Error(`toolstream: ${what}() on call ${call.id}, which is already complete.`);
      settled = true;
      sink.settle(call.id);
    };
    return {
      id: call.id,
      name: call.tool,
      stream(part: string) {
        if (settled) throw new Error(`toolstream: stream() on call ${call.id}, which is already complete.`);
        if (part === '') return;
        streamed += part;
        write(
          primaryFrame({
            tool_calls: [
              partChunk(call, 'result', part, { complete: false, fullText: '', details: context }),
            ],
          }),
        );
      },
      result(text?: string, details: Record<string, unknown> = {}) {
        settle('result');
        write(
          primaryFrame({
            tool_calls: [completeChunk(call, 'result', text ?? streamed, { ...context, ...details })],
          }),
        );
      },
      fail(message: string, details: Record<string, unknown> = {}) {
        settle('fail');
        write(
          primaryFrame({
            tool_calls: [
              completeChunk(call, 'result', streamed, { ...context, ...details, ...failure(message) }),
            ],
          }),
        );
      },
    } satisfies ToolCallWriter;
  };

  const toolCall = (parent: DelegationRef | null) => {
    return (name: string, options: ToolCallOptions = {}): ToolCallWriter => {
      const details: Record<string, unknown> = {};
      if (options.summary !== undefined) details.summary = options.summary;
      if (options.args !== undefined) details.arguments = options.args;
      Object.assign(details, options.details, awaitingDetails(name, options));
      const id = options.id ?? nextId();
      const handle = makeCall(
        { id, tool: name, kind: 'tool' },
        parent?.id ?? null,
        parent?.agent ?? null,
        details,
      );
      if (options.awaiting !== undefined) {
        sink.ask({
          id,
          name,
          kind: options.awaiting,
          editable: options.editable === true,
          args: { ...options.args },
          delegation: parent,
        });
      }
      return handle;
    };
  };

  // A delegation's writer; `details` null when an earlier run wrote its call phase.
  const delegationWriter = (
    ref: DelegationRef,
    details: Record<string, unknown> | null,
  ): DelegationWriter => {
    const call: ChunkCall = { id: ref.id, tool: ref.tool, kind: 'delegation' };
    const handle = makeCall(call, ref.parent?.id ?? null, ref.agent, details);
    return { ...handle, agent: ref.agent, ref, toolCall: toolCall(ref), delegate: delegate(ref) };
  };

  const delegate = (parent: DelegationRef | null) => {
    return (agent: string, options: DelegateOptions = {}): DelegationWriter => {
      const ref: DelegationRef = {
        id: options.id ?? nextId(),
        tool: options.tool ?? `delegate_to_${agent}`,
        agent,
        parent,
      };
      const details: Record<string, unknown> = {};
      if (options.summary !== undefined) details.summary = options.summary;
      if (options.task !== undefined) details.task = options.task;
      Object.assign(details, options.details);
      return delegationWriter(ref, details);
    };
  };

  return {
    text(delta) {
      if (delta !== '') write(primaryFrame({ message: delta }));
    },
    citations(sources) {
      if (sources.length > 0) write(primaryFrame({ citations: [...sources] }));
    },
    toolCall: toolCall(null),
    delegate: delegate(null),
    frame(frame) {
      sink.write(frame);
    },
    error(message, options = {}) {
      const data = options.code === undefined ? { message } : { message, code: options.code };
      sink.fail({ event: 'error', data: JSON.stringify(data) });
    },
    async relay(source, options = {}) {
      const decoder = createFrameDecoder(
        {
          // The source's ids and `retry:` are its own: the run numbers its frames itself.
          onFrame: (frame) =>
            sink.write(
              frame.event === undefined || frame.event === 'message'
                ? { data: frame.data }
                : { event: frame.event, data: frame.data },
            ),
        },
        options.framing ?? 'auto',
      );
      await pullSource(source, sink.signal, (chunk) => {
        if (typeof chunk === 'string' || chunk instanceof Uint8Array) decoder.feed(chunk);
        else sink.write(chunk);
        return sink.pending >= RELAY_HIGH_WATER ? sink.flush() : undefined;
      });
      if (!sink.signal.aborted) decoder.end();
      await sink.flush();
    },
    flush: () => sink.flush(),
    awaiting: (call) => sink.ask(call),
    checkpoint: (state) => sink.checkpoint(state),
    resumeCall: (call) =>
      makeCall(
        { id: call.id, tool: call.name, kind: 'tool' },
        call.delegation?.id ?? null,
        call.delegation?.agent ?? null,
        null,
      ),
    resumeDelegation: (ref) => delegationWriter(ref, null),
  };
}

/** The `tool_call_details` of a call that waits (`awaiting`, `editable`, `prompt`), checked. */
function awaitingDetails(name: string, options: ToolCallOptions): Record<string, unknown> {
  const { awaiting, editable, prompt } = options;
  if (awaiting === undefined) {
    if (editable !== undefined || prompt !== undefined) {
      throw new TypeError(`toolstream: call ${name} has editable or prompt but awaits nothing.`);
    }
    return {};
  }
  if (awaiting !== 'approval' && awaiting !== 'client' && awaiting !== 'input') {
    throw new TypeError(
      `toolstream: call ${name} awaits ${String(awaiting)}; use approval, client or input.`,
    );
  }
  if (editable === true && awaiting !== 'approval') {
    throw new TypeError(`toolstream: only an approval's arguments can be editable (call ${name}).`);
  }
  const details: Record<string, unknown> = { awaiting };
  if (editable === true) details.editable = true;
  if (prompt !== undefined && prompt !== '') details.prompt = prompt;
  return details;
}
