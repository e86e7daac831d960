/**
 * A lower bound for `bench/core-stages.ts`: the least work that ends in toolstream's state for the
 * benchmark's workload. It builds the same objects the core's reducer keeps — the calls record,
 * a `ToolCall` and a `ToolPhase` per phase, the call order, each delegation's children, the
 * assistant message's parts, `tool_call_details` merged — straight from each parsed frame, with
 * no checks, no normalized events and no error handling. Correct only on well-formed input of the
 * primary protocol: a measuring stick, not a reducer anyone should ship.
 *
 * What it shows: how much of the core's time over the floor is the state itself (objects made and
 * kept, one more object to reach per streamed piece) rather than the adapter, the events or the
 * reducer's rules.
 */
import type { ChatMessageResponse } from '../packages/core/src/protocol/wire.js';
import { newPhase, newToolCall } from '../packages/core/src/reducer/new-call.js';
import type { MessagePart, ToolCall, ToolPhase } from '../packages/core/src/reducer/state.js';

/** The state a {@link MinimalStateReducer} builds: the same shapes as `ToolStreamState`'s. */
export interface MinimalState {
  calls: Record<string, ToolCall>;
  callOrder: string[];
  children: Record<string, string[]>;
  parts: MessagePart[];
}

/** Folds parsed `ChatMessageResponse` frames into a {@link MinimalState}. */
export class MinimalStateReducer {
  readonly state: MinimalState = { calls: {}, callOrder: [], children: {}, parts: [] };
  // What an adapter keeps: the call each wire id stands for.
  readonly #byWireId = new Map<string, ToolCall>();
  readonly #now = Date.now();

  push(response: ChatMessageResponse): void {
    if (response.message !== '') this.#appendText(response.message);
    for (const entry of response.tool_calls) {
      const eventType = entry.event_type;
      const phaseName = eventType === 'call' || eventType === 'delegation_call' ? 'call' : 'result';
      const details = entry.tool_call_details ?? null;
      let call = this.#byWireId.get(entry.call_id);
      if (call === undefined) {
        call = this.#createCall(entry.call_id, entry.tool_name, eventType, phaseName, details);
        this.#byWireId.set(entry.call_id, call);
      } else if (details !== null) {
        const merged = call.details as Record<string, unknown>;
        for (const key in details) if (merged[key] !== details[key]) merged[key] = details[key];
      }
      let phase = phaseName === 'call' ? call.call : call.result;
      if (phase === null) {
        call.call.complete = true;
        phase = this.#newPhase();
        call.result = phase;
        call.phase = 'result';
        call.eventType = eventType;
      }
      const part = entry.stream_part;
      if (typeof part === 'string') {
        phase.text += part;
        phase.streamed = true;
        call.status = 'streaming';
        if (entry.is_complete === false) continue;
        if (entry.tool_response) phase.text = entry.tool_response;
      } else {
        phase.text = entry.tool_response;
      }
      phase.complete = true;
      phase.completedAt = this.#now;
      call.status = phaseName === 'call' ? 'running' : 'complete';
    }
  }

  #createCall(
    id: string,
    toolName: string,
    eventType: string,
    phaseName: 'call' | 'result',
    details: Readonly<Record<string, unknown>> | null,
  ): ToolCall {
    const parentId = typeof details?.parent_call_id === 'string' ? details.parent_call_id : null;
    // The core's own constructor, so the shape is the same object for object.
    const start = {
      callId: id,
      phase: phaseName,
      toolName,
      kind: eventType.startsWith('delegation') ? ('delegation' as const) : ('tool' as const),
      parentCallId: parentId,
      agent: typeof details?.agent === 'string' ? details.agent : null,
      eventType,
    };
    const call = newToolCall(start, 'assistant-1', { ...details }, this.#newPhase(), this.#now);
    const { calls, callOrder, children, parts } = this.state;
    calls[id] = call;
    callOrder.push(id);
    if (parentId === null) parts.push({ type: 'tool-call', callId: id });
    else {
      const siblings = children[parentId];
      if (siblings === undefined) children[parentId] = [id];
      else siblings.push(id);
    }
    return call;
  }

  #newPhase(): ToolPhase {
    return newPhase(this.#now);
  }

  #appendText(text: string): void {
    const parts = this.state.parts;
    const last = parts[parts.length - 1];
    if (last?.type === 'text') last.text += text;
    else parts.push({ type: 'text', text });
  }
}
