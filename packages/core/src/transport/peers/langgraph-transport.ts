import { langGraphProtocol } from '../../adapters/providers/langgraph.js';
import type { ResumeToken, ToolStreamTransport, TurnRequest } from '../transport.js';
import {
  interruptAnswers,
  type LangGraphInterruptAnswer,
  langGraphResumeValue,
  resumeCommand,
} from './langgraph-resume.js';
import { createPeerConnection, joinUrl, type PeerTransportOptions } from './peer-connection.js';

/** LangGraph stream modes (`stream_mode`). */
export type LangGraphStreamMode =
  | 'values'
  | 'updates'
  | 'messages'
  | 'messages-tuple'
  | 'custom'
  | 'events'
  | 'debug'
  | 'tasks'
  | 'checkpoints';

/** Options of {@link createLangGraphTransport}. */
export interface LangGraphTransportOptions extends PeerTransportOptions {
  /** The LangGraph API server (`langgraph dev`, LangGraph Platform): `http://localhost:2024`. */
  apiUrl: string;
  /** The graph (assistant) to run. */
  assistantId: string;
  /** A thread to continue; without it, one is created with the first turn. */
  threadId?: string;
  /** Called when the transport created a thread (keep its id to continue the conversation later). */
  onThreadId?: (threadId: string) => void;
  /**
   * What to stream. Default `['messages-tuple', 'updates', 'custom']`: tokens as they come,
   * each node's messages whole, what nodes write. Add `values` to have the graph's state.
   */
  streamMode?: readonly LangGraphStreamMode[];
  /** Stream the subgraphs' events too, so sub-agents show as nested sections. Default `true`. */
  streamSubgraphs?: boolean;
  /** The graph's input for a turn. Default `{ messages: [{ id, role: 'user', content }] }`. */
  input?: (turn: TurnRequest) => unknown;
  /** Extra fields of every run (`config`, `context`, `metadata`…). */
  runOptions?: Record<string, unknown> | ((turn: TurnRequest) => Record<string, unknown>);
  /**
   * The value `interrupt()` returns in the graph once the person answered it (sent as
   * `command: { resume }`). Default {@link langGraphResumeValue}: LangChain's human-in-the-loop
   * `decisions`, `{ action: "approve" | "edit" | "reject" }` for other approvals, the value given
   * for a question.
   */
  resumeValue?: (interrupt: LangGraphInterruptAnswer) => unknown;
}

/** A checkpoint of a thread, as `/threads/{id}/history` lists them. */
interface ThreadState {
  values?: { messages?: { id?: unknown }[] };
  parent_checkpoint?: Record<string, unknown> | null;
}

/**
 * A transport for a LangGraph API server (`langgraph dev`, LangGraph Platform, the JS
 * `@langchain/langgraph-api`): a conversation is a thread (created with the first turn, or the
 * one given), each turn a run streamed with `POST /threads/{id}/runs/stream` (resumable, with
 * subgraphs), read by the LangGraph adapter. The server keeps the history, so a turn sends only
 * its message, with the store's message id. A retry, a regenerate or an edit forks the thread
 * from the checkpoint before that message (as LangGraph's own `useStream` does), so the earlier
 * answer stays in the thread's history. A dropped connection re-attaches with
 * `GET /threads/{id}/runs/{run}/stream` and `Last-Event-ID` (the run's id comes from the
 * response's `Content-Location`); `stop()` is `POST /threads/{id}/runs/{run}/cancel`.
 *
 * An interrupt makes its call wait for the person (PROTOCOL.md §11): once every waiting call has
 * its answer, the thread runs on with `command: { resume }` (see `resumeValue`); several
 * interrupts are resumed by id. A new message while they wait is a new run with the message,
 * which leaves them unanswered. A turn whose body holds a command of the app's own,
 * `send({ message: '', body: { command } })`, sends it as it is.
 *
 * @example
 * ```ts
 * import { createLangGraphTransport } from '@toolstream/core/providers';
 * const transport = createLangGraphTransport({ apiUrl: 'http://localhost:2024', assistantId: 'agent' });
 * ```
 */
export function createLangGraphTransport(
  options: LangGraphTransportOptions,
): ToolStreamTransport & { readonly threadId: string | null } {
  const connection = createPeerConnection(options);
  let threadId: string | null = options.threadId ?? null;
  /** The thread each run belongs to (a run is re-attached or cancelled on its own thread). */
  const runThreads = new Map<string, string>();
  const url = (path: string) => joinUrl(options.apiUrl, path);

  const thread = async (): Promise<string> => {
    if (threadId !== null) return threadId;
    const created = (await connection.json(url('/threads'), 'POST', {})) as { thread_id?: unknown } | null;
    if (typeof created?.thread_id !== 'string') throw new Error('The LangGraph server created no thread.');
    threadId = created.thread_id;
    options.onThreadId?.(threadId);
    return threadId;
  };

  /** The checkpoint before user message `messageId` first appeared in the thread, if it did. */
  const checkpointBefore = async (
    thread: string,
    messageId: string,
  ): Promise<Record<string, unknown> | null> => {
    const states = (await connection.json(url(`/threads/${thread}/history`), 'POST', { limit: 1000 })) as
      | ThreadState[]
      | null;
    let first: ThreadState | null = null;
    for (const state of states ?? []) {
      if (state.values?.messages?.some((message) => message.id === messageId)) first = state;
    }
    return first?.parent_checkpoint ?? null;
  };

  const addressing = {
    reattachUrl: (runId: string) => url(`/threads/${runThreads.get(runId) ?? threadId}/runs/${runId}/stream`),
    // `Content-Location: /threads/<thread>/runs/<run>`.
    runIdOf(response: Response) {
      const location = response.headers.get('content-location') ?? '';
      const match = /\/threads\/([^/]+)\/runs\/([^/?#]+)/.exec(location);
      if (match === null) return null;
      runThreads.set(match[2]!, match[1]!);
      return match[2]!;
    },
  };

  return {
    protocol: langGraphProtocol,
    get threadId() {
      return threadId;
    },
    async send(turn, sink, signal) {
      const id = await thread();
      const extra = typeof options.runOptions === 'function' ? options.runOptions(turn) : options.runOptions;
      const { command: given, ...fields } = turn.body ?? {};
      const command =
        turn.trigger === 'continue' && turn.answer !== undefined && turn.continuation !== undefined
          ? {
              resume: resumeCommand(
                interruptAnswers(turn.answer, turn.continuation.answers),
                options.resumeValue ?? langGraphResumeValue,
              ),
            }
          : given;
      const messageId = turn.messageId;
      const fork =
        turn.trigger !== 'send' &&
        turn.trigger !== 'continue' &&
        messageId !== undefined &&
        command === undefined
          ? await checkpointBefore(id, messageId)
          : null;
      const input =
        command !== undefined
          ? {}
          : {
              input: options.input
                ? options.input(turn)
                : {
                    messages: [
                      {
                        ...(messageId === undefined ? {} : { id: messageId }),
                        role: 'user',
                        content: turn.message,
                      },
                    ],
                  },
            };
      const request = await connection.post(url(`/threads/${id}/runs/stream`), {
        ...extra,
        ...fields,
        assistant_id: options.assistantId,
        ...input,
        ...(command === undefined ? {} : { command }),
        ...(fork === null ? {} : { checkpoint: fork }),
        stream_mode: options.streamMode ?? ['messages-tuple', 'updates', 'custom'],
        stream_subgraphs: options.streamSubgraphs ?? true,
        stream_resumable: true,
      });
      await connection.stream(sink, signal, request, null, addressing);
    },
    resume(token: ResumeToken, sink, signal) {
      return connection.stream(sink, signal, null, token.runId, addressing);
    },
    async cancel(runId) {
      const thread = runThreads.get(runId) ?? threadId;
      if (thread === null) return;
      // 404: the run is already over, which is what was asked.
      await connection.json(url(`/threads/${thread}/runs/${runId}/cancel`), 'POST', {}, true);
    },
  };
}
