import { agUiProtocol } from '../../adapters/providers/ag-ui.js';
import type { InputAnswer } from '../../input/answers.js';
import type { ChatMessage } from '../../reducer/state.js';
import { lookup } from '../../reducer/table.js';
import { messageText } from '../../snapshot/snapshot.js';
import type { ToolStreamTransport, TurnRequest } from '../transport.js';
import { createPeerConnection, type PeerTransportOptions, randomId } from './peer-connection.js';

/** A message of AG-UI's `RunAgentInput` (the roles toolstream's state can say). */
export type AgUiMessage =
  | { id: string; role: 'user'; content: string }
  | {
      id: string;
      role: 'assistant';
      content?: string;
      toolCalls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    }
  | { id: string; role: 'tool'; toolCallId: string; content: string; error?: string };

/** AG-UI's `RunAgentInput`: what an agent is run with. */
export interface AgUiRunAgentInput {
  threadId: string;
  runId: string;
  state: unknown;
  messages: AgUiMessage[];
  tools: unknown[];
  context: { description: string; value: string }[];
  forwardedProps: unknown;
  /** Answers to the interrupts the last run finished with (AG-UI's interrupt-aware lifecycle). */
  resume?: AgUiResumeEntry[];
}

/** An answer to one interrupt: `resolved` with the answer as `payload`. */
export interface AgUiResumeEntry {
  interruptId: string;
  status: 'resolved' | 'cancelled';
  payload?: unknown;
}

/** Options of {@link createAgUiTransport}. */
export interface AgUiTransportOptions extends PeerTransportOptions {
  /** The agent's endpoint (`POST`, answered with AG-UI events over SSE). */
  url: string;
  /** The conversation's thread id. Default: a new random id. */
  threadId?: string;
  /** The agent's state to send (`state`); also the body field `state` of a turn. */
  state?: unknown;
  /** Tools the frontend offers the agent (`tools`, AG-UI's `Tool[]`). */
  tools?: unknown[];
  /** Context for the agent (`context`). */
  context?: { description: string; value: string }[];
  /** Anything else for the agent (`forwardedProps`); the turn's body fields are added to it. */
  forwardedProps?: Record<string, unknown>;
}

/**
 * A transport for an AG-UI agent (CopilotKit's runtime, LangGraph's, Mastra's, pydantic-ai's…):
 * each turn is `POST <url>` with AG-UI's `RunAgentInput` — the thread id, a new run id and the
 * whole conversation as AG-UI messages (an answer is an assistant message with its tool calls,
 * followed by a tool message for each result) — and the answer is read as AG-UI events. A retry,
 * a regenerate or an edit sends the conversation up to the user message it answers again. A run
 * that finished waiting (PROTOCOL.md §11) goes on in a new run once its calls are answered: the
 * frontend tools' results as tool messages after the answer, the interrupts' answers in `resume`
 * (`{interruptId, status: "resolved", payload}`). AG-UI has no cancel route: `stop()` closes the
 * connection.
 */
export function createAgUiTransport(
  options: AgUiTransportOptions,
): ToolStreamTransport & { readonly threadId: string } {
  const connection = createPeerConnection(options);
  const threadId = options.threadId ?? randomId();
  return {
    protocol: agUiProtocol,
    threadId,
    async send(turn: TurnRequest, sink, signal) {
      const { state, ...fields } = turn.body ?? {};
      const input: AgUiRunAgentInput = {
        threadId,
        runId: randomId(),
        state: state ?? options.state ?? {},
        messages: [
          ...toAgUiMessages(turn.history),
          { id: turn.messageId ?? randomId(), role: 'user', content: turn.message },
          // A continuation: the answer that waited, with its frontend tools' results.
          ...(turn.answer === undefined ? [] : toAgUiMessages([turn.answer])),
        ],
        tools: options.tools ?? [],
        context: options.context ?? [],
        forwardedProps: { ...options.forwardedProps, ...fields },
      };
      const resume = resumeEntries(turn.continuation?.answers ?? []);
      if (resume.length > 0) input.resume = resume;
      const request = await connection.post(options.url, input);
      await connection.stream(sink, signal, request, null, {
        reattachUrl: () => options.url,
        runIdOf: () => null,
      });
    },
    async resume() {
      throw new Error('An AG-UI agent cannot re-attach a run.');
    },
    async cancel() {
      // AG-UI has no cancel route: closing the connection is how the agent is told.
    },
  };
}

/**
 * The answers to interrupts (every answer but a frontend tool's, which goes back as its tool
 * message) as AG-UI resume entries: `resolved`, with `{ approved, arguments?, reason? }` for an
 * approval and the value given for anything else; `cancelled` for those a new message left.
 */
export function resumeEntries(answers: readonly InputAnswer[]): AgUiResumeEntry[] {
  const entries: AgUiResumeEntry[] = [];
  for (const { ref, kind, answer } of answers) {
    if (kind === 'client' || ref === null) continue;
    // Left unanswered for a new message: dismissed.
    if (answer.by === 'new-message') {
      entries.push({ interruptId: ref, status: 'cancelled' });
      continue;
    }
    let payload: unknown;
    if (answer.type === 'approve') {
      payload = answer.args === undefined ? { approved: true } : { approved: true, arguments: answer.args };
    } else if (answer.type === 'deny') {
      payload = answer.reason === null ? { approved: false } : { approved: false, reason: answer.reason };
    } else if (answer.type === 'value') payload = answer.value;
    else continue;
    entries.push({ interruptId: ref, status: 'resolved', payload });
  }
  return entries;
}

/** The conversation as AG-UI messages. */
export function toAgUiMessages(messages: readonly ChatMessage[]): AgUiMessage[] {
  const out: AgUiMessage[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      out.push({ id: message.id, role: 'user', content: message.text });
      continue;
    }
    const toolCalls: NonNullable<Extract<AgUiMessage, { role: 'assistant' }>['toolCalls']> = [];
    const results: AgUiMessage[] = [];
    for (const part of message.parts) {
      if (part.type !== 'tool-call') continue;
      const call = lookup(message.calls, part.callId);
      if (call === undefined || call.kind !== 'tool' || !call.call.complete) continue;
      toolCalls.push({
        id: call.id,
        type: 'function',
        function: { name: call.toolName, arguments: call.argsText || JSON.stringify(call.args ?? {}) },
      });
      // A frontend tool that failed in the browser has its error and no result text.
      const failedInBrowser = call.input?.kind === 'client' && call.error !== null;
      if (call.result?.complete || failedInBrowser) {
        results.push({
          id: `${call.id}-result`,
          role: 'tool',
          toolCallId: call.id,
          content: call.result?.text ?? '',
          ...(call.error === null ? {} : { error: call.error }),
        });
      }
    }
    const content = messageText(message);
    if (content === '' && toolCalls.length === 0) continue;
    out.push({
      id: message.id,
      role: 'assistant',
      ...(content === '' ? {} : { content }),
      ...(toolCalls.length === 0 ? {} : { toolCalls }),
    });
    out.push(...results);
  }
  return out;
}
