import type { ChatMessageResponse, ToolCallResponse } from '@toolstream/core';
import type { ToolEventType } from '@toolstream/core/adapters';
import { chunkText } from './text-chunks.js';

/** A tool call or delegation written into a scenario, to finish or nest under later. */
export interface CallRef {
  readonly id: string;
  readonly tool: string;
  readonly kind: 'tool' | 'delegation';
  /** The delegation it belongs to, or `null` at top level. */
  readonly parentId: string | null;
  /** The sub-agent that made it (or, for a delegation, the sub-agent it hands over to). */
  readonly agent: string | null;
}

/** A tool call to write. */
export interface CallSpec {
  tool: string;
  /** Defaults to a generated `call_<n>_<tool>`. */
  id?: string;
  /** A short line a UI shows for the call. */
  summary?: string;
  /** The arguments, written to `tool_call_details.arguments`. */
  args?: Record<string, unknown>;
  /** More `tool_call_details`. */
  details?: Record<string, unknown>;
  /** Milliseconds before the call frame. Default 120. */
  delay?: number;
}

/** A call that waits for an answer (PROTOCOL.md §11); the run ends after it, waiting. */
export interface AskSpec extends CallSpec {
  /** What it waits for: the person's approval, the browser to run it, or a value. */
  awaiting: 'approval' | 'client' | 'input';
  /** An approval whose arguments the person may change. */
  editable?: boolean;
  /** Words shown with the request. */
  prompt?: string;
}

/** How a streamed phase is cut into parts. */
export interface StreamSpec {
  wordsPerChunk?: number;
  /** Milliseconds between parts. Default 45. */
  delay?: number;
}

/** A tool's result. */
export interface ResultSpec {
  /** The complete text of the result. */
  output: string;
  /** Milliseconds the tool runs before its (first) result frame. Default 500. */
  delay?: number;
  /** Stream the result in `stream_part`s instead of one complete update. */
  stream?: boolean | StreamSpec;
  /** The tool failed with this message (`tool_call_details.status: "error"` and `error`). */
  error?: string;
  /** More `tool_call_details` on the result. */
  details?: Record<string, unknown>;
}

/** A call and, optionally, its result, for {@link ToolCallWriter.call} and `parallel`. */
export interface ToolCallStep extends CallSpec {
  result?: string | ResultSpec;
}

/** A hand-over to a sub-agent. */
export interface DelegationSpec {
  /** The sub-agent's name (`tool_call_details.agent`). */
  agent: string;
  /** The delegation tool's name. Default `delegate_to_<agent>`. */
  tool?: string;
  /** What the sub-agent is asked to do (`tool_call_details.task`). */
  task?: string;
  summary?: string;
  id?: string;
  details?: Record<string, unknown>;
  /** Milliseconds before the delegation frame. Default 150. */
  delay?: number;
  /**
   * Leave it open: the run ends waiting on a call inside it, and a continuation goes on in it
   * (`resumeDelegation`) and completes it.
   */
  open?: boolean;
}

/** Writes one frame of the primary protocol. */
export type WriteFrame = (message: ChatMessageResponse, delay: number) => void;

/** State shared by every writer of one scenario. */
export interface WriterShared {
  write: WriteFrame;
  /** A scripted connection drop (see `ScenarioDisconnect`). */
  disconnect(delay: number): void;
  nextCallNumber(): number;
}

const DEFAULT_CALL_DELAY = 120;
const DEFAULT_TOOL_RUNTIME = 500;
const DEFAULT_PART_DELAY = 45;
const DEFAULT_DELEGATION_DELAY = 150;

/** A frame with only tool calls. */
export function toolFrame(toolCalls: ToolCallResponse[]): ChatMessageResponse {
  return { message: '', citations: [], tool_calls: toolCalls };
}

/**
 * Writes tool calls, results and delegations of the primary protocol, at top level or inside
 * a delegation (its `parentId` and `agent` then go into every call's `tool_call_details`).
 */
export class ToolCallWriter {
  constructor(
    protected readonly shared: WriterShared,
    protected readonly parentId: string | null,
    protected readonly agent: string | null,
  ) {}

  /** Writes the call frame and returns its reference (finish it with {@link result}). */
  startCall(spec: CallSpec): CallRef {
    const ref = this.#ref(spec.tool, 'tool', spec.id, this.agent);
    this.shared.write(toolFrame([this.callChunk(ref, spec)]), spec.delay ?? DEFAULT_CALL_DELAY);
    return ref;
  }

  /**
   * Calls that wait for an answer, made together in one frame (`tool_call_details.awaiting`,
   * `editable`, `prompt`); their results come in a continuation section.
   */
  ask(specs: readonly AskSpec[], options: { delay?: number } = {}): CallRef[] {
    return this.parallel(
      specs.map(({ awaiting, editable, prompt, ...spec }) => ({
        ...spec,
        details: {
          ...spec.details,
          awaiting,
          ...(editable === true ? { editable } : {}),
          ...(prompt === undefined ? {} : { prompt }),
        },
      })),
      options,
    );
  }

  /** A call this writer made in an earlier run (the first run, from a continuation section). */
  refOf(id: string, tool: string): CallRef {
    return { id, tool, kind: 'tool', parentId: this.parentId, agent: this.agent };
  }

  /** Writes a call's result: one complete update, or streamed parts. */
  result(ref: CallRef, spec: string | ResultSpec): void {
    const result = typeof spec === 'string' ? { output: spec } : spec;
    const chunks = this.resultChunks(ref, result);
    chunks.forEach((chunk, index) => {
      const delay =
        index === 0
          ? (result.delay ?? DEFAULT_TOOL_RUNTIME)
          : (streamSpec(result.stream).delay ?? DEFAULT_PART_DELAY);
      this.shared.write(toolFrame([chunk]), delay);
    });
  }

  /** A call and its result, one after the other. */
  call(step: ToolCallStep): CallRef {
    const ref = this.startCall(step);
    if (step.result !== undefined) this.result(ref, step.result);
    return ref;
  }

  /**
   * Calls made together: one frame starts them all, then their results arrive interleaved, one
   * chunk per frame, in turn (a streamed result gives a part per turn).
   */
  parallel(
    steps: readonly ToolCallStep[],
    options: { delay?: number; resultDelay?: number } = {},
  ): CallRef[] {
    const refs = steps.map((step) => this.#ref(step.tool, 'tool', step.id, this.agent));
    this.shared.write(
      toolFrame(refs.map((ref, i) => this.callChunk(ref, steps[i]!))),
      options.delay ?? DEFAULT_CALL_DELAY,
    );
    const queues = steps.map((step, i) =>
      step.result === undefined
        ? []
        : this.resultChunks(
            refs[i]!,
            typeof step.result === 'string' ? { output: step.result } : step.result,
          ),
    );
    let first = true;
    for (let round = 0; queues.some((queue) => queue.length > round); round++) {
      queues.forEach((queue, i) => {
        const chunk = queue[round];
        if (chunk === undefined) return;
        const spec = steps[i]!.result;
        const partDelay = typeof spec === 'object' ? streamSpec(spec.stream).delay : undefined;
        this.shared.write(
          toolFrame([chunk]),
          first ? (options.resultDelay ?? DEFAULT_TOOL_RUNTIME) : (partDelay ?? DEFAULT_PART_DELAY),
        );
        first = false;
      });
    }
    return refs;
  }

  /**
   * A delegation: writes the `delegation_call`, lets `body` write what the sub-agent does (its
   * own calls, nested delegations, and its `delegation_result` streamed with `stream`), then
   * completes the `delegation_result` with the whole streamed text if `body` did not.
   */
  delegation(spec: DelegationSpec, body: (sub: DelegationScope) => void): CallRef {
    const tool = spec.tool ?? `delegate_to_${spec.agent}`;
    const ref = this.#ref(tool, 'delegation', spec.id, spec.agent);
    const details: Record<string, unknown> = { ...this.contextDetails(spec.agent) };
    if (spec.summary !== undefined) details.summary = spec.summary;
    if (spec.task !== undefined) details.task = spec.task;
    Object.assign(details, spec.details);
    this.shared.write(
      toolFrame([
        {
          call_id: ref.id,
          event_type: 'delegation_call',
          tool_name: tool,
          tool_response: '',
          tool_call_details: details,
          is_complete: true,
        },
      ]),
      spec.delay ?? DEFAULT_DELEGATION_DELAY,
    );
    const scope = new DelegationScope(this.shared, ref);
    body(scope);
    if (!scope.finished && spec.open !== true) scope.finish();
    return ref;
  }

  /**
   * Goes on in a delegation an earlier run left open (`open: true`): `body` writes what the
   * sub-agent does next, then the `delegation_result` is completed if `body` did not.
   */
  resumeDelegation(ref: CallRef, body: (sub: DelegationScope) => void): void {
    const scope = new DelegationScope(this.shared, ref);
    body(scope);
    if (!scope.finished) scope.finish();
  }

  /** `tool_call_details` every call written here carries: the parent and the agent. */
  protected contextDetails(agent: string | null): Record<string, unknown> {
    const details: Record<string, unknown> = {};
    if (this.parentId !== null) details.parent_call_id = this.parentId;
    if (agent !== null) details.agent = agent;
    return details;
  }

  protected callChunk(ref: CallRef, spec: CallSpec): ToolCallResponse {
    const details: Record<string, unknown> = { ...this.contextDetails(ref.agent) };
    if (spec.summary !== undefined) details.summary = spec.summary;
    if (spec.args !== undefined) details.arguments = spec.args;
    Object.assign(details, spec.details);
    return {
      call_id: ref.id,
      event_type: 'call',
      tool_name: ref.tool,
      tool_response: '',
      tool_call_details: details,
      is_complete: true,
    };
  }

  protected resultChunks(ref: CallRef, result: ResultSpec): ToolCallResponse[] {
    const details: Record<string, unknown> = { ...this.contextDetails(ref.agent) };
    if (result.error !== undefined) {
      details.status = 'error';
      details.error = result.error;
    }
    Object.assign(details, result.details);
    const eventType: ToolEventType = ref.kind === 'delegation' ? 'delegation_result' : 'result';
    // Nothing to stream: an empty result is one complete update.
    if (!result.stream || result.output === '') {
      return [
        {
          call_id: ref.id,
          event_type: eventType,
          tool_name: ref.tool,
          tool_response: result.output,
          tool_call_details: details,
          is_complete: true,
        },
      ];
    }
    return streamedChunks(ref, eventType, result.output, streamSpec(result.stream), details);
  }

  #ref(tool: string, kind: 'tool' | 'delegation', id: string | undefined, agent: string | null): CallRef {
    return {
      id: id ?? `call_${this.shared.nextCallNumber()}_${tool}`,
      tool,
      kind,
      parentId: this.parentId,
      agent,
    };
  }
}

/**
 * What a sub-agent does inside a delegation: its own calls (with `parent_call_id` and `agent`
 * set), nested delegations, and its answer, streamed as the delegation's `delegation_result`.
 */
export class DelegationScope extends ToolCallWriter {
  readonly #delegation: CallRef;
  #streamed = '';
  #started = false;
  #finished = false;

  constructor(shared: WriterShared, delegation: CallRef) {
    super(shared, delegation.id, delegation.agent);
    this.#delegation = delegation;
  }

  /** The delegation this scope writes into. */
  get ref(): CallRef {
    return this.#delegation;
  }

  /** The server drops the connection here, in the middle of the sub-agent's work (once). */
  disconnect(options: { delay?: number } = {}): this {
    this.shared.disconnect(options.delay ?? 0);
    return this;
  }

  /** Whether the `delegation_result` is complete. */
  get finished(): boolean {
    return this.#finished;
  }

  /** Streams text as parts of the `delegation_result` (not yet complete). */
  stream(text: string, options: StreamSpec & { firstDelay?: number } = {}): this {
    this.#assertOpen('stream');
    chunkText(text, options.wordsPerChunk ?? 3).forEach((part, index) => {
      this.#streamed += part;
      const delay =
        index === 0 ? (options.firstDelay ?? DEFAULT_TOOL_RUNTIME) : (options.delay ?? DEFAULT_PART_DELAY);
      this.shared.write(toolFrame([this.#resultChunk(part, false, '')]), delay);
    });
    this.#started = true;
    return this;
  }

  /**
   * Completes the `delegation_result`: a last part (when given) and the complete text in
   * `tool_response`, which a client shows as the final text.
   */
  finish(options: { lastPart?: string; delay?: number; error?: string } = {}): void {
    this.#assertOpen('finish');
    const lastPart = options.lastPart ?? '';
    const full = this.#streamed + lastPart;
    const chunk = this.#resultChunk(this.#started || lastPart !== '' ? lastPart : null, true, full);
    if (options.error !== undefined) {
      chunk.tool_call_details = { ...chunk.tool_call_details, status: 'error', error: options.error };
    }
    this.shared.write(toolFrame([chunk]), options.delay ?? DEFAULT_PART_DELAY);
    this.#finished = true;
  }

  #resultChunk(part: string | null, complete: boolean, response: string): ToolCallResponse {
    const chunk: ToolCallResponse = {
      call_id: this.#delegation.id,
      event_type: 'delegation_result',
      tool_name: this.#delegation.tool,
      tool_response: response,
      tool_call_details: this.#delegationDetails(),
      is_complete: complete,
    };
    if (part !== null) return { ...withoutComplete(chunk), stream_part: part, is_complete: complete };
    return chunk;
  }

  /** The delegation's own context: its parent (when nested) and the sub-agent's name. */
  #delegationDetails(): Record<string, unknown> {
    const details: Record<string, unknown> = {};
    if (this.#delegation.parentId !== null) details.parent_call_id = this.#delegation.parentId;
    if (this.#delegation.agent !== null) details.agent = this.#delegation.agent;
    return details;
  }

  #assertOpen(what: string): void {
    if (this.#finished) {
      throw new Error(`scenario builder: ${what}() after the delegation ${this.#delegation.id} finished`);
    }
  }
}

function withoutComplete(chunk: ToolCallResponse): Omit<ToolCallResponse, 'is_complete'> {
  const { is_complete: _ignored, ...rest } = chunk;
  return rest;
}

function streamSpec(stream: boolean | StreamSpec | undefined): StreamSpec {
  return typeof stream === 'object' ? stream : {};
}

/** A result as streamed parts: every part but the last is incomplete; the last carries the whole text. */
function streamedChunks(
  ref: CallRef,
  eventType: ToolEventType,
  output: string,
  spec: StreamSpec,
  details: Record<string, unknown>,
): ToolCallResponse[] {
  const parts = chunkText(output, spec.wordsPerChunk ?? 3);
  return parts.map((part, index) => {
    const last = index === parts.length - 1;
    return {
      call_id: ref.id,
      event_type: eventType,
      tool_name: ref.tool,
      tool_response: last ? output : '',
      // Context (parent, agent) on every part; a failure only on the last one, where it applies.
      tool_call_details: last ? details : pick(details, ['parent_call_id', 'agent']),
      stream_part: part,
      is_complete: last,
    };
  });
}

function pick(record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of keys) if (key in record) picked[key] = record[key];
  return picked;
}
