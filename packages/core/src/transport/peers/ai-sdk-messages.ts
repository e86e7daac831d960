import type { AssistantMessageState, ChatMessage, ToolCallState } from '../../reducer/state.js';
import { lookup } from '../../reducer/table.js';

/**
 * A message in the AI SDK's `UIMessage` format (v5 and later), as its chat request sends the
 * conversation: an id, a role and an ordered list of parts.
 */
export interface AiSdkUIMessage {
  id: string;
  role: 'user' | 'assistant' | 'system';
  metadata?: unknown;
  parts: AiSdkUIPart[];
}

/** A part of an {@link AiSdkUIMessage} (the kinds toolstream's state can say). */
export type AiSdkUIPart =
  | { type: 'text'; text: string; state?: 'done' }
  | { type: 'reasoning'; text: string; state?: 'done' }
  | { type: 'step-start' }
  | { type: 'file'; url: string; mediaType: string }
  | { type: `data-${string}`; id?: string; data: unknown }
  | AiSdkToolPart;

/** A tool call part: `tool-<name>` (or `dynamic-tool`), in the state the call reached. */
export interface AiSdkToolPart {
  type: `tool-${string}` | 'dynamic-tool';
  toolName?: string;
  toolCallId: string;
  state:
    | 'input-available'
    | 'approval-requested'
    | 'approval-responded'
    | 'output-available'
    | 'output-error'
    | 'output-denied';
  input: unknown;
  output?: unknown;
  errorText?: string;
  providerExecuted?: boolean;
  approval?: {
    id: string;
    approved?: boolean;
    reason?: string;
    signature?: string;
    descriptor?: unknown;
    inputSchemaInput?: unknown;
  };
}

/** A user message as the AI SDK sends it. */
export function userUIMessage(id: string, text: string): AiSdkUIMessage {
  return { id, role: 'user', parts: [{ type: 'text', text }] };
}

/**
 * The conversation in the AI SDK's message format, for a backend that keeps no history of its
 * own (`convertToModelMessages(messages)` on the server). Each answer's parts keep their order;
 * a new step begins where text follows a call (the model calls tools at the end of a step), so
 * the server rebuilds the tool round trips. A call is sent in the state it reached: with its
 * output or error, its approval and the answer to it, or its input alone; a call that never got
 * its whole input (stopped, cut off) is left out, as the model could not have made it.
 * Application data parts go back as `data-<name>` parts, files as `file` parts.
 */
export function toUIMessages(messages: readonly ChatMessage[]): AiSdkUIMessage[] {
  const out: AiSdkUIMessage[] = [];
  for (const message of messages) {
    if (message.role === 'user') out.push(userUIMessage(message.id, message.text));
    else {
      const answer = assistantUIMessage(message, false);
      if (answer.parts.length > 0) out.push(answer);
    }
  }
  return out;
}

/**
 * The answer a continuation sends last (PROTOCOL.md §11), as `useChat` leaves it once its calls
 * are answered: an approval the server has not acted on yet is `approval-responded` (the server
 * runs the approved calls and reports the denied ones), where earlier answers say `output-denied`.
 */
export function continuedUIMessage(message: AssistantMessageState): AiSdkUIMessage {
  return assistantUIMessage(message, true);
}

function assistantUIMessage(message: AssistantMessageState, continuing: boolean): AiSdkUIMessage {
  const parts: AiSdkUIPart[] = [];
  let afterCall = true;
  for (const part of message.parts) {
    if (part.type === 'tool-call') {
      const call = lookup(message.calls, part.callId);
      const tool = call === undefined ? null : toolPart(call, continuing);
      if (tool === null) continue;
      if (parts.length === 0) parts.push({ type: 'step-start' });
      parts.push(tool);
      afterCall = true;
      continue;
    }
    if (part.text === '') continue;
    if (afterCall) parts.push({ type: 'step-start' });
    afterCall = false;
    parts.push({ type: part.type, text: part.text, state: 'done' });
  }
  let metadata: unknown;
  for (const entry of message.data ?? []) {
    if (entry.transient) continue;
    if (entry.name === 'metadata') metadata = entry.data;
    else if (entry.name === 'file' && isFile(entry.data)) parts.push({ type: 'file', ...entry.data });
    else if (entry.name !== 'abort') {
      parts.push({
        type: `data-${entry.name}`,
        ...(entry.id === null ? {} : { id: entry.id }),
        data: entry.data,
      });
    }
  }
  return { id: message.id, role: 'assistant', ...(metadata === undefined ? {} : { metadata }), parts };
}

function isFile(value: unknown): value is { url: string; mediaType: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { url?: unknown }).url === 'string' &&
    typeof (value as { mediaType?: unknown }).mediaType === 'string'
  );
}

/** What the server signed a call's approval request with (`details.approval`), to send back as it came. */
function signedApproval(
  call: ToolCallState,
): Pick<NonNullable<AiSdkToolPart['approval']>, 'signature' | 'descriptor' | 'inputSchemaInput'> {
  const value = lookup(call.details, 'approval');
  if (typeof value !== 'object' || value === null) return {};
  const approval = value as Record<string, unknown>;
  return {
    ...(typeof approval.signature === 'string' ? { signature: approval.signature } : {}),
    ...('descriptor' in approval ? { descriptor: approval.descriptor } : {}),
    ...('inputSchemaInput' in approval ? { inputSchemaInput: approval.inputSchemaInput } : {}),
  };
}

/** Whether the server reported the call denied (`tool-output-denied` of a request it answered before). */
function reportedDenied(call: ToolCallState): boolean {
  const value = lookup(call.details, 'approval');
  return typeof value === 'object' && value !== null && (value as { state?: unknown }).state === 'denied';
}

/**
 * A call in the AI SDK's states. An approval (PROTOCOL.md §11: `call.input`, its `ref` the
 * approval id) is `approval-requested` until answered, then `approval-responded` with the answer
 * in the answer a continuation sends (as `addToolApprovalResponse` leaves it), and `output-denied`
 * once denied in an earlier answer; a client tool the browser ran is `output-available` or `output-error` (as `addToolOutput`).
 */
function toolPart(call: ToolCallState, continuing: boolean): AiSdkToolPart | null {
  if (call.kind === 'delegation' || !call.call.complete || call.argsError !== null) return null;
  const dynamic = lookup(call.details, 'dynamic') === true;
  const base = {
    ...(dynamic
      ? { type: 'dynamic-tool' as const, toolName: call.toolName }
      : { type: `tool-${call.toolName}` as const }),
    toolCallId: call.id,
    input: call.args ?? {},
    ...(call.kind === 'provider' ? { providerExecuted: true } : {}),
  };
  const input = call.input;
  const approvalId = input?.kind === 'approval' ? (input.ref ?? '') : null;
  const answer = input?.answer ?? null;
  const denial =
    answer?.type === 'deny'
      ? { approved: false, ...(answer.reason === null ? {} : { reason: answer.reason }) }
      : null;
  if (call.result?.complete) {
    if (call.error !== null) return { ...base, state: 'output-error', errorText: call.error };
    if (denial !== null || reportedDenied(call)) {
      return {
        ...base,
        state: 'output-denied',
        approval: { id: approvalId ?? '', approved: false, ...(denial ?? {}), ...signedApproval(call) },
      };
    }
    return { ...base, state: 'output-available', output: outputValue(call.result.text) };
  }
  if (call.error !== null && input?.kind === 'client') {
    return { ...base, state: 'output-error', errorText: call.error };
  }
  if (approvalId !== null) {
    const signed = signedApproval(call);
    if (answer === null)
      return { ...base, state: 'approval-requested', approval: { id: approvalId, ...signed } };
    // Denied in an earlier turn (a new message went instead): the model reads the reason as its result.
    if (denial !== null && !continuing) {
      return { ...base, state: 'output-denied', approval: { id: approvalId, ...denial, ...signed } };
    }
    return {
      ...base,
      state: 'approval-responded',
      approval: { id: approvalId, ...(denial ?? { approved: true }), ...signed },
    };
  }
  return { ...base, state: 'input-available' };
}

/** A result's text as the value the tool returned: its JSON when it is JSON, else the text. */
function outputValue(text: string): unknown {
  const first = text.trimStart()[0];
  if (first === '{' || first === '[') {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}
