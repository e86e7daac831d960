import type { AdapterDefinition } from '../../adapters/adapter.js';
import { aiSdkDataStreamProtocol } from '../../adapters/providers/ai-sdk-data-stream.js';
import { aiSdkUiProtocol } from '../../adapters/providers/ai-sdk-ui.js';
import type {
  ResumeToken,
  ToolStreamTransport,
  TransportSink,
  TurnRequest,
  TurnTrigger,
} from '../transport.js';
import { type AiSdkUIMessage, continuedUIMessage, toUIMessages, userUIMessage } from './ai-sdk-messages.js';
import { createPeerConnection, joinUrl, type PeerTransportOptions, randomId } from './peer-connection.js';

/** The AI SDK's reasons for a chat request. */
export type AiSdkTrigger = 'submit-message' | 'regenerate-message';

/** What an AI SDK chat request is made of, for {@link AiSdkTransportOptions.prepareRequest}. */
export interface AiSdkChatRequest {
  /** The chat id (`id` in the body). */
  id: string;
  /** The conversation so far and the user message this turn answers, in the AI SDK's format. */
  messages: AiSdkUIMessage[];
  trigger: AiSdkTrigger;
  /** The message the request is about: the user message an edit changed. */
  messageId: string | undefined;
  /** The body fields of `send({ message, body })` and of the `body` option. */
  body: Record<string, unknown>;
  /** toolstream's own reason for the turn (`send`, `retry`, `regenerate`, `edit`). */
  turn: TurnRequest;
}

/** Options of {@link createAiSdkTransport}. */
export interface AiSdkTransportOptions extends PeerTransportOptions {
  /** The chat route (`POST`), as `useChat`'s `api`. Default `/api/chat`. */
  api?: string;
  /** The chat's id, sent as `id` (and naming its resumable stream). Default: a new random id. */
  chatId?: string;
  /** Extra fields for every request body. */
  body?: Record<string, unknown> | (() => Record<string, unknown>);
  /**
   * What the server answers in: `ui-message` (v5 and later, `toUIMessageStreamResponse()`), the
   * default, or `data` (AI SDK 4's `toDataStreamResponse()`).
   */
  streamProtocol?: 'ui-message' | 'data';
  /**
   * The server keeps the chat's active stream for re-attaching (the AI SDK's resumable streams:
   * `GET <api>/<chatId>/stream`). Then a dropped connection re-attaches there (the replay, which
   * starts from the beginning, skips what arrived), and `store.resume({ runId: chatId,
   * lastEventId: null })` picks up a stream after a reload. Default `false`.
   */
  resume?: boolean;
  /** Changes the request before it is sent (as `prepareSendMessagesRequest`): its body, or its URL. */
  prepareRequest?: (request: AiSdkChatRequest) => { body?: unknown; api?: string } | undefined;
}

const TRIGGERS: Readonly<Record<TurnTrigger, AiSdkTrigger>> = {
  send: 'submit-message',
  edit: 'submit-message',
  retry: 'regenerate-message',
  regenerate: 'regenerate-message',
  // As `useChat` after `addToolApprovalResponse` / `addToolOutput`: the answer, with its answers, goes on.
  continue: 'submit-message',
};

/**
 * A transport for a backend built with the Vercel AI SDK (or anything that speaks its chat
 * protocol, such as pydantic-ai's `VercelAIAdapter`): each turn is the AI SDK's chat request —
 * `POST <api>` with `{ id, messages, trigger, messageId }`, the conversation in its `UIMessage`
 * format (text, reasoning, steps, tool calls with their input, output, errors and approvals) —
 * and the answer is read as its UI message stream (or AI SDK 4's data stream). A retry or a
 * regenerate is `regenerate-message` with the conversation up to the user message; an edit is
 * `submit-message` with the edited message (`messageId`). Calls that wait (PROTOCOL.md §11) are
 * answered the AI SDK's way: once each has its answer, the conversation goes again with the
 * waiting answer last, its approvals `approval-responded` (as `addToolApprovalResponse` leaves
 * them) and its client tools' outputs in place (as `addToolOutput`), `messageId` naming it.
 *
 * The AI SDK has no cancel route: `stop()` closes the connection, which stops `streamText`
 * (unless the server keeps the stream alive for resuming).
 *
 * @example
 * ```ts
 * import { createAiSdkTransport } from '@toolstream/core/providers';
 * const { messages, send } = useToolCallStream({ transport: createAiSdkTransport({ api: '/api/chat' }) });
 * ```
 */
export function createAiSdkTransport(
  options: AiSdkTransportOptions = {},
): ToolStreamTransport & { readonly chatId: string } {
  const api = options.api ?? '/api/chat';
  const chatId = options.chatId ?? randomId();
  const connection = createPeerConnection(options);
  const protocol: AdapterDefinition =
    options.streamProtocol === 'data' ? aiSdkDataStreamProtocol : aiSdkUiProtocol;
  // Where each chat's current stream was cut into whole events so far (a byte offset): a
  // re-attach replays the stream from its start, so that much of the replay was read already.
  // A partial event after it was dropped with the connection, and is read again from the replay.
  const readUpTo = new Map<string, number>();
  // An event ends at a blank line (SSE), or at the end of its line (AI SDK 4's data stream).
  const linesPerEvent = options.streamProtocol === 'data' ? 1 : 2;
  const addressing = {
    reattachUrl: (runId: string) => joinUrl(api, `${encodeURIComponent(runId)}/stream`),
    runIdOf: () => (options.resume ? chatId : null),
    // AI SDK 4's data stream comes as plain text.
    contentTypes: ['text/plain'],
  };

  /** The store's sink, skipping the part of a replay it has already read. */
  const replaySkipping = (sink: TransportSink, runId: string, fromStart: boolean): TransportSink => {
    let responses = 0;
    let skip = 0;
    let position = 0;
    let newlines = 0;
    if (fromStart) readUpTo.set(runId, 0);
    return {
      ...sink,
      open() {
        // The first response of a send is new; every later one (and every one of a resume) replays.
        skip = responses++ === 0 && fromStart ? 0 : (readUpTo.get(runId) ?? 0);
        position = skip;
        newlines = 0;
        sink.open();
      },
      chunk(bytes) {
        let piece = bytes;
        if (skip > 0) {
          const cut = Math.min(skip, piece.length);
          skip -= cut;
          piece = piece.subarray(cut);
          if (piece.length === 0) return true;
        }
        for (let i = 0; i < piece.length; i++) {
          if (piece[i] !== 10) {
            if (piece[i] !== 13) newlines = 0;
            continue;
          }
          if (++newlines >= linesPerEvent) {
            readUpTo.set(runId, position + i + 1);
            newlines = 0;
          }
        }
        position += piece.length;
        return sink.chunk(piece);
      },
    };
  };

  const bodyFields = (): Record<string, unknown> =>
    typeof options.body === 'function' ? options.body() : { ...options.body };

  return {
    protocol,
    chatId,
    async send(turn, sink, signal) {
      const messages = [
        ...toUIMessages(turn.history),
        userUIMessage(turn.messageId ?? randomId(), turn.message),
        // A continuation sends the answer that waited, its calls answered (approvals responded,
        // client tools' outputs), last: the server runs on from there.
        ...(turn.answer === undefined ? [] : [continuedUIMessage(turn.answer)]),
      ];
      const trigger = TRIGGERS[turn.trigger];
      const messageId =
        turn.trigger === 'edit' ? turn.messageId : turn.trigger === 'continue' ? turn.answer?.id : undefined;
      const body = { ...bodyFields(), ...turn.body };
      const prepared = options.prepareRequest?.({ id: chatId, messages, trigger, messageId, body, turn });
      const request = await connection.post(
        prepared?.api ?? api,
        prepared?.body ?? {
          ...body,
          id: chatId,
          messages,
          trigger,
          ...(messageId === undefined ? {} : { messageId }),
        },
      );
      await connection.stream(replaySkipping(sink, chatId, true), signal, request, null, addressing);
    },
    resume(token: ResumeToken, sink, signal) {
      // The resume route answers 204 when the chat has no active stream: nothing to read.
      return connection.stream(replaySkipping(sink, token.runId, false), signal, null, token.runId, {
        ...addressing,
        runIdOf: () => token.runId,
      });
    },
    async cancel() {
      // The AI SDK has no cancel route: closing the connection is how its server is told.
    },
  };
}
