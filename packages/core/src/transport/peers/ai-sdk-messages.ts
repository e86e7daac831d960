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
 * output or error, its approval (`details.approval`), or its input alone; a call that never got
 * its whole input (stopped, cut off) is left out, as the model could not have made it.
 * Application data parts go back as `data-<name>` parts, files as `file` parts.
 */
export function toUIMessages(messages: readonly ChatMessage[]): AiSdkUIMessage[] {
  const out: AiSdkUIMessage[] = [];
  for (const message of messages) {
    if (message.role === 'user') out.push(userUIMessage(message.id, message.text));
    else {
      const answer = assistantUIMessage(message);
      if (answer.parts.length > 0) out.push(answer);
    }
  }
  return out;
}

function assistantUIMessage(message: AssistantMessageState): AiSdkUIMessage {
  const parts: AiSdkUIPart[] = [];
  let afterCall = true;
  for (const part of message.parts) {
    if (part.type === 'tool-call') {
      const call = lookup(message.calls, part.callId);
      const tool = call === undefined ? null : toolPart(call);
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

/** The approval the adapter kept on a call (`details.approval`), and the answer an app put there. */
function approvalOf(call: ToolCallState): {
  id: string | null;
  state: string;
  approved?: boolean;
  reason?: string;
  /** What the server signed its request with, to send back as it came. */
  signed: Pick<NonNullable<AiSdkToolPart['approval']>, 'signature' | 'descriptor' | 'inputSchemaInput'>;
} | null {
  const value = lookup(call.details, 'approval');
  if (typeof value !== 'object' || value === null) return null;
  const approval = value as Record<string, unknown>;
  return {
    id: typeof approval.id === 'string' ? approval.id : null,
    state: typeof approval.state === 'string' ? approval.state : 'requested',
    ...(typeof approval.approved === 'boolean' ? { approved: approval.approved } : {}),
    ...(typeof approval.reason === 'string' ? { reason: approval.reason } : {}),
    signed: {
      ...(typeof approval.signature === 'string' ? { signature: approval.signature } : {}),
      ...('descriptor' in approval ? { descriptor: approval.descriptor } : {}),
      ...('inputSchemaInput' in approval ? { inputSchemaInput: approval.inputSchemaInput } : {}),
    },
  };
}

function toolPart(call: ToolCallState): AiSdkToolPart | null {
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
  const approval = approvalOf(call);
  const result = call.result;
  if (result?.complete) {
    if (call.error !== null) return { ...base, state: 'output-error', errorText: call.error };
    if (approval?.state === 'denied' || approval?.approved === false) {
      return {
        ...base,
        state: 'output-denied',
        approval: { id: approval.id ?? '', approved: false, ...approval.signed },
      };
    }
    return { ...base, state: 'output-available', output: outputValue(result.text) };
  }
  if (approval !== null && approval.id !== null) {
    return approval.approved === undefined
      ? { ...base, state: 'approval-requested', approval: { id: approval.id, ...approval.signed } }
      : {
          ...base,
          state: 'approval-responded',
          approval: {
            id: approval.id,
            approved: approval.approved,
            ...(approval.reason === undefined ? {} : { reason: approval.reason }),
            ...approval.signed,
          },
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
