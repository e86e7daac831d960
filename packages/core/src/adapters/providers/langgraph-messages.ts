import type { Emit } from '../adapter.js';
import { isRecord } from '../frame-json.js';
import { createCallWriter, providerId, resultText, stringOr, usage } from './provider-events.js';

/**
 * What LangGraph's streams have in common, whichever mode or protocol carries them: messages
 * (LangChain's serialized `AIMessage` / `AIMessageChunk` / `ToolMessage`) that arrive as pieces,
 * as "so far" copies or whole, from nodes at some depth of nested graphs, plus interrupts. This
 * writer turns them into normalized events once each, however many modes repeat them:
 *
 * - a **namespace** is the path of graphs a node runs in (`["researcher:<task>"]` for the
 *   `agent` node of the `researcher` subgraph; `[]` at the top). Each graph below the top is a
 *   sub-agent: a delegation call named after its node (`researcher`), nested under its parent's,
 *   as deep as the namespaces go. Its messages' text is the delegation's result text, their
 *   calls its children. At the top, text is the answer and calls are top-level calls;
 * - a **message** is known by its id: pieces are appended, a copy so far or a whole message adds
 *   what is new (text that extends what was shown, argument text that extends a call's), and a
 *   message seen whole is not read again. A call closes when its message ends (a finish reason,
 *   the last chunk, or the message whole), with the final arguments when the wire has them;
 * - a **tool message** is the result of the call it names (`tool_call_id`), `status: "error"`
 *   failing it; a result for a call of an earlier run (a resumed thread) creates the call at its
 *   result;
 * - messages that were there before the run (the thread's history, in the first state the run
 *   reports, or before the last human message of a node's whole list) are not shown again.
 */
export interface LangGraphWriter {
  /** Marks messages as history: they are not shown (the first `values` of a run or a subgraph). */
  history(messages: unknown): void;
  /** A piece of a message (`messages` tuple mode, `on_chat_model_stream`). */
  chunk(emit: Emit, namespace: readonly string[], message: unknown): void;
  /** A message as far as it has come (legacy `messages/partial`). */
  soFar(emit: Emit, namespace: readonly string[], message: unknown): void;
  /** Whole messages (`updates`, `values`, `messages/complete`, a node's output): new ones are shown. */
  whole(emit: Emit, namespace: readonly string[], messages: unknown): void;
  /** Text of message `messageId` (protocol v2 `text-delta`). */
  text(emit: Emit, namespace: readonly string[], messageId: string, delta: string, reasoning?: boolean): void;
  /** A call of message `messageId` starts or grows (protocol v2 tool call blocks). */
  callPiece(
    emit: Emit,
    namespace: readonly string[],
    messageId: string,
    key: string,
    piece: { id?: string | null; name?: string; args?: string },
  ): void;
  /** Message `messageId` ended; `calls` are its final calls (`{id, name, args}`), where known. */
  endMessage(emit: Emit, messageId: string, calls?: unknown): void;
  /** A tool's result (a `ToolMessage`), at `namespace`. */
  toolResult(emit: Emit, namespace: readonly string[], message: unknown): void;
  /** Token usage of message `messageId` (the run's usage is the sum over its messages). */
  usage(emit: Emit, messageId: string, usage: unknown): void;
  /** The interrupts of `__interrupt__` (or protocol v2 `input.requested`), at `namespace`. */
  interrupts(emit: Emit, namespace: readonly string[], interrupts: unknown): void;
  /** Opens the sub-agent sections of `namespace` (activity was seen there). */
  enter(emit: Emit, namespace: readonly string[]): void;
  /** The graph at `namespace` finished: its section closes (and those below it). */
  leave(emit: Emit, namespace: readonly string[]): void;
  /** A step of the graph at `namespace` ended: the sections of the graphs it ran close. */
  stepEnded(emit: Emit, namespace: readonly string[], node?: string): void;
  /** The stream ended: open messages and sections close. */
  end(emit: Emit): void;
}

/** An interrupt, as the LangGraph adapters hand it over (see {@link interruptRequested}). */
export interface LangGraphInterrupt {
  /** The interrupt's id (`Interrupt.id`), which a resume may name; `null` when the wire has none. */
  id: string | null;
  /** What the graph asked (`interrupt(value)`); `null` for a breakpoint (`interrupt_before`). */
  value: unknown;
  /** The namespace of the graph that asked (`[]`: the top graph), as segments `node:<task>`. */
  namespace: readonly string[];
  /** `interrupt`: a node called `interrupt()`; `breakpoint`: a static `interruptBefore/After`. */
  kind: 'interrupt' | 'breakpoint';
  /** The tool call it is about, when its value names one (`tool_call.id`, `tool_call_id`). */
  toolCallId: string | null;
}

/** A sub-agent section: the delegation call of one graph below the top. */
interface Section {
  id: string;
  parent: string | null;
  closed: boolean;
  /** The message whose text came last, and whether any text came. */
  lastTextMessage: string | null;
  hasText: boolean;
}

/** One call of a message. */
interface MessageCall {
  id: string;
  name: string;
  /** The argument text shown so far. */
  args: string;
  started: boolean;
  closed: boolean;
}

/** One AI message being shown. */
interface MessageState {
  level: string;
  text: string;
  reasoning: string;
  /** Calls by their key (the chunk `index`, or the id). */
  calls: Map<string, MessageCall>;
  ended: boolean;
}

/** A call's place: its parent section, its tool, whether its result came and an interrupt is about it. */
interface KnownCall {
  parent: string | null;
  name: string;
  resulted: boolean;
  interrupted: boolean;
}

/** The key of a namespace: its segments joined as the wire joins them. */
function levelKey(namespace: readonly string[]): string {
  return namespace.join('|');
}

/** The node a namespace segment names: `researcher:<task id>` → `researcher`. */
export function nodeOf(segment: string): string {
  const colon = segment.indexOf(':');
  return colon === -1 ? segment : segment.slice(0, colon);
}

/** LangChain's message type (`ai`, `AIMessageChunk`, `tool`, `human`…), lower-cased and without `chunk`. */
function messageType(message: Record<string, unknown>): string {
  const raw = stringOr(message.type) || stringOr(message.role);
  const lower = raw.toLowerCase().replace(/messagechunk$|message$|chunk$/, '');
  if (lower === 'assistant') return 'ai';
  if (lower === 'user') return 'human';
  return lower;
}

/** Text, reasoning and `tool_use` blocks of a message's `content` (a string, or a list of blocks). */
function readContent(content: unknown): {
  text: string;
  reasoning: string;
  toolUses: Record<string, unknown>[];
} {
  if (typeof content === 'string') return { text: content, reasoning: '', toolUses: [] };
  let text = '';
  let reasoning = '';
  const toolUses: Record<string, unknown>[] = [];
  if (!Array.isArray(content)) return { text, reasoning, toolUses };
  for (const block of content) {
    if (typeof block === 'string') {
      text += block;
      continue;
    }
    if (!isRecord(block)) continue;
    switch (block.type) {
      case 'text':
      case 'text_delta':
        text += stringOr(block.text);
        break;
      case 'thinking':
        reasoning += stringOr(block.thinking);
        break;
      case 'reasoning':
        reasoning += stringOr(block.reasoning) || stringOr(block.text);
        break;
      case 'tool_use':
        toolUses.push(block);
        break;
      default:
        break;
    }
  }
  return { text, reasoning, toolUses };
}

/**
 * What an interrupt asks of the person (PROTOCOL.md §11), read from its value: an **approval**
 * when it is about a tool call (its value names one — `tool_call`, `tool_call_id`, `toolCallId` —
 * or it is one of LangChain's human-in-the-loop `actionRequests`), which may be edited where the
 * value allows it (`allowed` or `allowedDecisions` holding `edit`, `config.allow_edit`); else
 * **input**: an answer to give (`interrupt("Which city?")`, `{question: …}`). Its words are the
 * value when it is text, else its `question`, `message`, `prompt` or `description`.
 */
export function interruptAsks(
  value: unknown,
  approval: boolean,
): { kind: 'approval' | 'input'; editable: boolean; message: string | null } {
  if (typeof value === 'string')
    return { kind: approval ? 'approval' : 'input', editable: false, message: value || null };
  if (!isRecord(value)) return { kind: approval ? 'approval' : 'input', editable: false, message: null };
  const allowed = [value.allowed, value.allowedDecisions, value.allowed_decisions].find(Array.isArray) ?? [];
  const editable = allowed.includes('edit') || (isRecord(value.config) && value.config.allow_edit === true);
  const message =
    [value.question, value.message, value.prompt, value.description].find(
      (entry): entry is string => typeof entry === 'string' && entry !== '',
    ) ?? null;
  return { kind: approval ? 'approval' : 'input', editable: approval && editable, message };
}

/**
 * The actions of LangChain's human-in-the-loop middleware (`createAgent` with
 * `humanInTheLoopMiddleware`): one interrupt whose value lists `actionRequests` (`{name, args,
 * description}`) and their `reviewConfigs` (`allowedDecisions`), or the same in snake_case
 * (Python). `null` for any other value. Each action is asked as an approval, with its words and
 * what its review allows.
 */
function humanInTheLoop(
  value: unknown,
): { name: string; asks: Record<string, unknown> & { args: unknown } }[] | null {
  if (!isRecord(value)) return null;
  const actions = Array.isArray(value.actionRequests) ? value.actionRequests : value.action_requests;
  if (!Array.isArray(actions)) return null;
  const reviews = Array.isArray(value.reviewConfigs)
    ? value.reviewConfigs
    : Array.isArray(value.review_configs)
      ? value.review_configs
      : [];
  return actions.filter(isRecord).map((action) => {
    const name = stringOr(action.name);
    const review = reviews.find(
      (entry) => isRecord(entry) && (entry.actionName ?? entry.action_name) === name,
    );
    const allowed = isRecord(review) ? (review.allowedDecisions ?? review.allowed_decisions) : undefined;
    return {
      name,
      asks: {
        name,
        args: action.args ?? action.arguments,
        ...(typeof action.description === 'string' ? { description: action.description } : {}),
        ...(Array.isArray(allowed) ? { allowed } : {}),
      },
    };
  });
}

/**
 * The one place interrupts go. The interrupt is kept on the call it is about, in
 * `details.interrupt` (`{ id, value, namespace, kind }`, and `action`: its index among
 * LangChain's `actionRequests`), or — when it names no call the stream showed — on a call of its
 * own named `interrupt` (or the action's tool) in the section of the graph that asked, whose
 * arguments are the value. An `interrupt()` makes that call wait (`input-required`, its `ref` the
 * interrupt id; see {@link interruptAsks}); the LangGraph transport sends the answers back as
 * `command: { resume }`. A static breakpoint is only shown: it asks nothing.
 */
function interruptRequested(
  emit: Emit,
  interrupt: LangGraphInterrupt & { action?: number; actionRequest?: Record<string, unknown> },
  place: { knownCall: boolean; parent: string | null; ownId: string },
  writer: ReturnType<typeof createCallWriter>,
): void {
  const details = {
    interrupt: {
      id: interrupt.id,
      value: interrupt.value,
      namespace: [...interrupt.namespace],
      kind: interrupt.kind,
      ...(interrupt.action === undefined ? {} : { action: interrupt.action }),
    },
  };
  const approval = interrupt.actionRequest !== undefined || interrupt.toolCallId !== null;
  const asks = interruptAsks(interrupt.actionRequest ?? interrupt.value, approval);
  const request = (callId: string) => {
    if (interrupt.kind === 'breakpoint') return;
    emit({
      type: 'input-required',
      callId,
      kind: asks.kind,
      ref: interrupt.id,
      editable: asks.editable,
      message: asks.message,
    });
  };
  if (place.knownCall && interrupt.toolCallId !== null) {
    emit({
      type: 'tool-start',
      callId: interrupt.toolCallId,
      phase: 'call',
      toolName: '',
      kind: 'tool',
      parentCallId: place.parent,
      agent: null,
      eventType: 'call',
      details,
    });
    request(interrupt.toolCallId);
    return;
  }
  const action = interrupt.actionRequest;
  const shown = action === undefined ? interrupt.value : action.args;
  const args = isRecord(shown) ? shown : shown === null || shown === undefined ? {} : { value: shown };
  emit({
    type: 'tool-start',
    callId: place.ownId,
    phase: 'call',
    toolName: action === undefined ? interrupt.kind : stringOr(action.name) || interrupt.kind,
    kind: 'tool',
    parentCallId: place.parent,
    agent: null,
    eventType: 'call',
    details,
  });
  writer.argsDelta(emit, place.ownId, JSON.stringify(args));
  writer.endCall(emit, place.ownId, { args });
  request(place.ownId);
}

/** Creates a {@link LangGraphWriter}. */
export function createLangGraphWriter(): LangGraphWriter {
  const writer = createCallWriter();
  const sections = new Map<string, Section>();
  /** The top level's text bookkeeping (the answer). */
  const top: Section = { id: '', parent: null, closed: false, lastTextMessage: null, hasText: false };
  /** Whether the last thing at the top was text (a call in between starts a new part anyway). */
  let topLastWasText = false;
  const messages = new Map<string, MessageState>();
  const history = new Set<string>();
  /** The calls of history messages by id, for a result that comes in this run (a resumed thread). */
  const historyCalls = new Map<string, { name: string; args: unknown }>();
  const calls = new Map<string, KnownCall>();
  const usages = new Map<string, Record<string, unknown>>();
  const interruptsSeen = new Set<string>();
  let anonymous = 0;

  /** The section of a namespace (opened on the way), or `null` at the top. */
  const sectionFor = (emit: Emit, namespace: readonly string[]): Section | null => {
    let parent = null as Section | null;
    for (let depth = 1; depth <= namespace.length; depth++) {
      const id = levelKey(namespace.slice(0, depth));
      let section = sections.get(id);
      if (section === undefined) {
        const node = nodeOf(namespace[depth - 1]!);
        section = { id, parent: parent?.id ?? null, closed: false, lastTextMessage: null, hasText: false };
        sections.set(id, section);
        if (parent === null) topLastWasText = false;
        emit({
          type: 'tool-start',
          callId: id,
          phase: 'call',
          toolName: node,
          kind: 'delegation',
          parentCallId: section.parent,
          agent: node,
          eventType: 'delegation_call',
          details: { namespace: namespace.slice(0, depth) },
        });
        // Its result phase opening closes its call phase: no end of its own, so a run that
        // resumes a section left open (an interrupt inside it) opens it again without error.
        emit({
          type: 'tool-start',
          callId: id,
          phase: 'result',
          toolName: node,
          kind: 'delegation',
          parentCallId: section.parent,
          agent: node,
          eventType: 'delegation_result',
          details: null,
        });
      }
      parent = section;
    }
    return parent;
  };

  /** Sections with a call that waits for the person: they stay open for the run that resumes them. */
  const waitingIn = new Set<string>();
  const hold = (sectionId: string | null) => {
    if (sectionId !== null) waitingIn.add(sectionId);
  };

  const close = (emit: Emit, section: Section) => {
    if (section.closed) return;
    for (const waiting of waitingIn)
      if (waiting === section.id || waiting.startsWith(`${section.id}|`)) return;
    for (const child of sections.values()) if (child.parent === section.id) close(emit, child);
    section.closed = true;
    emit({ type: 'tool-end', callId: section.id, phase: 'result', output: null, details: null, error: null });
  };

  const writeText = (emit: Emit, level: string, messageId: string, delta: string, reasoning: boolean) => {
    if (delta === '') return;
    const section = level === '' ? null : (sections.get(level) ?? null);
    if (section === null) {
      if (reasoning) {
        emit({ type: 'reasoning-delta', delta });
        return;
      }
      const separate = top.hasText && topLastWasText && top.lastTextMessage !== messageId;
      emit({ type: 'text-delta', delta: separate ? `\n\n${delta}` : delta });
      top.hasText = true;
      top.lastTextMessage = messageId;
      topLastWasText = true;
      return;
    }
    // A sub-agent's thinking has no place of its own in its section: its answer is its text.
    if (reasoning || section.closed) return;
    const separate = section.hasText && section.lastTextMessage !== messageId;
    emit({
      type: 'tool-delta',
      callId: section.id,
      phase: 'result',
      delta: separate ? `\n\n${delta}` : delta,
      details: null,
    });
    section.hasText = true;
    section.lastTextMessage = messageId;
  };

  /** The state of AI message `id`, created at `namespace`; `null` when it is history or ended. */
  const messageState = (emit: Emit, namespace: readonly string[], id: string): MessageState | null => {
    if (history.has(id)) return null;
    let state = messages.get(id);
    if (state === undefined) {
      const section = sectionFor(emit, namespace);
      state = { level: section?.id ?? '', text: '', reasoning: '', calls: new Map(), ended: false };
      messages.set(id, state);
    }
    return state.ended ? null : state;
  };

  const parentOf = (level: string): string | null => (level === '' ? null : level);

  const pieceOfCall = (
    emit: Emit,
    state: MessageState,
    key: string,
    piece: { id?: string | null; name?: string; args?: string },
    whole: boolean,
  ) => {
    let call = state.calls.get(key);
    if (call === undefined) {
      call = { id: '', name: '', args: '', started: false, closed: false };
      state.calls.set(key, call);
    }
    if (call.closed) return;
    if (call.id === '' && piece.id) call.id = piece.id;
    if (call.name === '' && piece.name) call.name = piece.name;
    if (!call.started) {
      // A call is shown once it has an id (pieces without one wait for it).
      if (call.id === '') {
        if (piece.args) call.args += piece.args;
        return;
      }
      call.started = true;
      calls.set(call.id, {
        parent: parentOf(state.level),
        name: call.name,
        resulted: false,
        interrupted: false,
      });
      if (state.level === '') topLastWasText = false;
      emit({
        type: 'tool-start',
        callId: call.id,
        phase: 'call',
        toolName: call.name,
        kind: 'tool',
        parentCallId: parentOf(state.level),
        agent: null,
        eventType: 'call',
        details: null,
      });
      emit({ type: 'tool-args-delta', callId: call.id, delta: '', args: {} });
      const held = call.args;
      call.args = '';
      if (held !== '') extendArgs(emit, call, held);
    }
    const args = piece.args ?? '';
    if (args === '') return;
    if (whole) extendArgs(emit, call, args);
    else {
      call.args += args;
      writer.argsDelta(emit, call.id, args);
    }
  };

  /** Shows what is new of a call's argument text given whole so far. */
  const extendArgs = (emit: Emit, call: MessageCall, soFar: string) => {
    if (!soFar.startsWith(call.args) || soFar.length === call.args.length) return;
    const delta = soFar.slice(call.args.length);
    call.args = soFar;
    writer.argsDelta(emit, call.id, delta);
  };

  const endMessageState = (emit: Emit, state: MessageState, finalCalls: unknown) => {
    if (state.ended) return;
    state.ended = true;
    const finals = new Map<string, Record<string, unknown>>();
    if (Array.isArray(finalCalls)) {
      for (const entry of finalCalls) {
        const id = isRecord(entry) ? providerId(entry.id) : null;
        if (id !== null) finals.set(id, entry as Record<string, unknown>);
      }
    }
    // Calls the message has whole that were never streamed (an `updates`-only stream).
    for (const [id, final] of finals) {
      if ([...state.calls.values()].some((call) => call.id === id)) continue;
      pieceOfCall(emit, state, `id:${id}`, { id, name: stringOr(final.name) }, true);
    }
    for (const call of state.calls.values()) {
      if (!call.started || call.closed) continue;
      call.closed = true;
      const final = finals.get(call.id);
      if (final !== undefined && isRecord(final.args)) writer.endCall(emit, call.id, { args: final.args });
      else writer.endCall(emit, call.id);
    }
  };

  const readAi = (
    emit: Emit,
    namespace: readonly string[],
    message: Record<string, unknown>,
    how: 'chunk' | 'soFar' | 'whole',
  ) => {
    const id = providerId(message.id) ?? `message-${++anonymous}`;
    const state = messageState(emit, namespace, id);
    if (state === null) return;
    const content = readContent(message.content);
    if (how === 'chunk') {
      writeText(emit, state.level, id, content.reasoning, true);
      state.reasoning += content.reasoning;
      writeText(emit, state.level, id, content.text, false);
      state.text += content.text;
      const chunks = Array.isArray(message.tool_call_chunks) ? message.tool_call_chunks : [];
      for (const chunk of chunks) {
        if (!isRecord(chunk)) continue;
        const key =
          typeof chunk.index === 'number' ? `index:${chunk.index}` : `id:${providerId(chunk.id) ?? ''}`;
        pieceOfCall(
          emit,
          state,
          key,
          { id: providerId(chunk.id), name: stringOr(chunk.name), args: stringOr(chunk.args) },
          false,
        );
      }
    } else {
      if (content.reasoning.startsWith(state.reasoning)) {
        writeText(emit, state.level, id, content.reasoning.slice(state.reasoning.length), true);
        state.reasoning = content.reasoning;
      }
      if (content.text.startsWith(state.text)) {
        writeText(emit, state.level, id, content.text.slice(state.text.length), false);
        state.text = content.text;
      }
      // Argument text so far: Anthropic's `tool_use` blocks carry it raw (`partial_json`);
      // accumulated `tool_call_chunks` carry it too. Parsed `tool_calls` only say which calls.
      for (const block of content.toolUses) {
        const callId = providerId(block.id);
        if (callId === null) continue;
        const raw = typeof block.partial_json === 'string' ? block.partial_json : undefined;
        pieceOfCall(
          emit,
          state,
          `id:${callId}`,
          { id: callId, name: stringOr(block.name), ...(raw === undefined ? {} : { args: raw }) },
          true,
        );
      }
      const chunks = Array.isArray(message.tool_call_chunks) ? message.tool_call_chunks : [];
      for (const chunk of chunks) {
        const callId = isRecord(chunk) ? providerId(chunk.id) : null;
        if (callId === null || !isRecord(chunk)) continue;
        pieceOfCall(
          emit,
          state,
          `id:${callId}`,
          { id: callId, name: stringOr(chunk.name), args: stringOr(chunk.args) },
          true,
        );
      }
      const parsed = Array.isArray(message.tool_calls) ? message.tool_calls : [];
      for (const call of parsed) {
        const callId = isRecord(call) ? providerId(call.id) : null;
        if (callId === null || !isRecord(call)) continue;
        pieceOfCall(emit, state, `id:${callId}`, { id: callId, name: stringOr(call.name) }, true);
      }
    }
    if (isRecord(message.usage_metadata)) api.usage(emit, id, message.usage_metadata);
    const metadata = isRecord(message.response_metadata) ? message.response_metadata : {};
    const ended =
      how === 'whole' ||
      message.chunk_position === 'last' ||
      (typeof metadata.finish_reason === 'string' && metadata.finish_reason !== '') ||
      (typeof metadata.stop_reason === 'string' && metadata.stop_reason !== '');
    // A chunk's `tool_calls` are what its own pieces parse to, except in a chunk that is the
    // whole message (a node's output in messages mode): then they are the calls.
    const chunked =
      how === 'chunk' && Array.isArray(message.tool_call_chunks) && message.tool_call_chunks.length > 0;
    if (ended) endMessageState(emit, state, chunked ? undefined : message.tool_calls);
  };

  const api: LangGraphWriter = {
    history(list) {
      if (!Array.isArray(list)) return;
      for (const message of list) {
        if (!isRecord(message)) continue;
        const id = providerId(message.id);
        if (id !== null && !messages.has(id)) history.add(id);
        for (const call of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
          const callId = isRecord(call) ? providerId(call.id) : null;
          if (callId !== null)
            historyCalls.set(callId, {
              name: stringOr((call as Record<string, unknown>).name),
              args: (call as Record<string, unknown>).args,
            });
        }
      }
    },

    chunk(emit, namespace, message) {
      if (!isRecord(message)) return;
      const type = messageType(message);
      if (type === 'tool') api.toolResult(emit, namespace, message);
      else if (type === 'ai') readAi(emit, namespace, message, 'chunk');
    },

    soFar(emit, namespace, message) {
      if (!isRecord(message)) return;
      const type = messageType(message);
      if (type === 'tool') api.toolResult(emit, namespace, message);
      else if (type === 'ai') readAi(emit, namespace, message, 'soFar');
    },

    whole(emit, namespace, list) {
      const entries = Array.isArray(list) ? list : [list];
      // A node that returns the whole conversation (a subgraph's output) repeats the thread's
      // history: up to its last human message, it is not this run's.
      const lastHuman = entries.findLastIndex((entry) => isRecord(entry) && messageType(entry) === 'human');
      if (lastHuman > 0) api.history(entries.slice(0, lastHuman));
      for (const message of entries.slice(lastHuman + 1)) {
        if (!isRecord(message)) continue;
        const type = messageType(message);
        if (type === 'tool') api.toolResult(emit, namespace, message);
        else if (type === 'ai') readAi(emit, namespace, message, 'whole');
      }
    },

    text(emit, namespace, messageId, delta, reasoning = false) {
      const state = messageState(emit, namespace, messageId);
      if (state === null) return;
      writeText(emit, state.level, messageId, delta, reasoning);
      if (reasoning) state.reasoning += delta;
      else state.text += delta;
    },

    callPiece(emit, namespace, messageId, key, piece) {
      const state = messageState(emit, namespace, messageId);
      if (state !== null) pieceOfCall(emit, state, key, piece, false);
    },

    endMessage(emit, messageId, finalCalls) {
      const state = messages.get(messageId);
      if (state !== undefined) endMessageState(emit, state, finalCalls);
    },

    toolResult(emit, namespace, message) {
      if (!isRecord(message)) return;
      const id = providerId(message.id);
      if (id !== null && history.has(id)) return;
      const callId = providerId(message.tool_call_id);
      if (callId === null) return;
      let known = calls.get(callId);
      if (known?.resulted) return;
      if (known === undefined) {
        // A call of an earlier run (the thread was resumed): shown with the arguments it had.
        const earlier = historyCalls.get(callId);
        known = {
          parent: sectionFor(emit, namespace)?.id ?? null,
          name: earlier?.name || stringOr(message.name),
          resulted: false,
          interrupted: false,
        };
        calls.set(callId, known);
        if (earlier !== undefined) {
          emit({
            type: 'tool-start',
            callId,
            phase: 'call',
            toolName: earlier.name || stringOr(message.name),
            kind: 'tool',
            parentCallId: known.parent,
            agent: null,
            eventType: 'call',
            details: null,
          });
          writer.argsDelta(emit, callId, JSON.stringify(earlier.args ?? {}));
          writer.endCall(emit, callId, isRecord(earlier.args) ? { args: earlier.args } : {});
        }
      } else {
        // Its message may not have said it ended (a `messages`-only stream): the result says so.
        for (const state of messages.values()) {
          const call = [...state.calls.values()].find((entry) => entry.id === callId);
          if (call !== undefined && !call.closed) {
            call.closed = true;
            writer.endCall(emit, callId);
          }
        }
      }
      known.resulted = true;
      emit({
        type: 'tool-start',
        callId,
        phase: 'result',
        toolName: stringOr(message.name),
        kind: 'tool',
        parentCallId: known.parent,
        agent: null,
        eventType: 'result',
        details: null,
      });
      const output = resultText(readContent(message.content).text || message.content);
      const failed = message.status === 'error';
      emit({
        type: 'tool-end',
        callId,
        phase: 'result',
        output,
        details: null,
        error: failed ? output || 'The tool failed.' : null,
      });
    },

    usage(emit, messageId, counts) {
      if (!isRecord(counts)) return;
      usages.set(messageId, counts);
      let input = 0;
      let output = 0;
      let total = 0;
      for (const entry of usages.values()) {
        input += typeof entry.input_tokens === 'number' ? entry.input_tokens : 0;
        output += typeof entry.output_tokens === 'number' ? entry.output_tokens : 0;
        total += typeof entry.total_tokens === 'number' ? entry.total_tokens : 0;
      }
      usage(emit, { inputTokens: input, outputTokens: output, totalTokens: total });
    },

    interrupts(emit, namespace, list) {
      const entries = Array.isArray(list) ? list : [];
      if (entries.length === 0) {
        // An empty list: a static breakpoint (`interruptBefore` / `interruptAfter`) paused the run.
        const key = `breakpoint@${levelKey(namespace)}`;
        if (interruptsSeen.has(key)) return;
        interruptsSeen.add(key);
        const section = sectionFor(emit, namespace);
        interruptRequested(
          emit,
          { id: null, value: null, namespace, kind: 'breakpoint', toolCallId: null },
          {
            knownCall: false,
            parent: section?.id ?? null,
            ownId: `breakpoint:${levelKey(namespace) || 'top'}`,
          },
          writer,
        );
        return;
      }
      for (const entry of entries) {
        if (!isRecord(entry)) continue;
        const id = providerId(entry.id) ?? providerId(entry.interrupt_id);
        const value = 'value' in entry ? entry.value : entry.payload;
        const key = id ?? `${levelKey(namespace)}:${JSON.stringify(value ?? null)}`;
        if (interruptsSeen.has(key)) continue;
        interruptsSeen.add(key);
        // Python servers name the graph that asked (`ns`); the deeper namespace is the more exact.
        const own = Array.isArray(entry.ns) ? entry.ns.filter((s): s is string => typeof s === 'string') : [];
        const where = own.length > namespace.length ? own : namespace;
        const toolCallId = isRecord(value)
          ? ((isRecord(value.tool_call) ? providerId(value.tool_call.id) : null) ??
            providerId(value.tool_call_id) ??
            providerId(value.toolCallId))
          : null;
        const ownId = `interrupt:${id ?? interruptsSeen.size}`;
        const base = { id, value: value ?? null, namespace: where, kind: 'interrupt' as const };
        // LangChain's human-in-the-loop middleware asks about several calls in one interrupt:
        // each is an approval on the call it names (the model's call of that tool still waiting).
        const hitl = humanInTheLoop(value);
        if (hitl !== null) {
          hitl.forEach((action, index) => {
            const claimed = [...calls.entries()].find(
              ([, call]) => !call.resulted && !call.interrupted && call.name === action.name,
            );
            if (claimed !== undefined) claimed[1].interrupted = true;
            const section = claimed === undefined ? sectionFor(emit, where) : null;
            hold(claimed?.[1].parent ?? section?.id ?? null);
            interruptRequested(
              emit,
              { ...base, toolCallId: claimed?.[0] ?? null, action: index, actionRequest: action.asks },
              {
                knownCall: claimed !== undefined,
                parent: claimed?.[1].parent ?? section?.id ?? null,
                ownId: `${ownId}:${index}`,
              },
              writer,
            );
          });
          continue;
        }
        const known = toolCallId === null ? undefined : calls.get(toolCallId);
        const section = known === undefined ? sectionFor(emit, where) : null;
        const parent = known === undefined ? (section?.id ?? null) : known.parent;
        hold(parent);
        interruptRequested(
          emit,
          { ...base, toolCallId },
          { knownCall: known !== undefined, parent, ownId },
          writer,
        );
      }
    },

    enter(emit, namespace) {
      sectionFor(emit, namespace);
    },

    leave(emit, namespace) {
      const section = sections.get(levelKey(namespace));
      if (section !== undefined) close(emit, section);
    },

    stepEnded(emit, namespace, node) {
      const parent = levelKey(namespace);
      for (const section of sections.values()) {
        if (section.closed || (section.parent ?? '') !== parent) continue;
        const segment = section.id.slice(parent === '' ? 0 : parent.length + 1);
        if (node === undefined || nodeOf(segment) === node) close(emit, section);
      }
    },

    end(emit) {
      for (const state of messages.values()) endMessageState(emit, state, undefined);
      for (const section of sections.values()) if (section.parent === null) close(emit, section);
    },
  };
  return api;
}
