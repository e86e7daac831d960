'use client';
import type { AssistantMessageState } from '@toolstream/react';
import { useToolCallStream } from '@toolstream/react';
import { type FormEvent, useState } from 'react';

/** A minimal chat built on the hook alone: no components from the kit. */
export function HookChat() {
  const { messages, status, send, stop } = useToolCallStream({ endpoint: '/api/chat/stream' });
  const [draft, setDraft] = useState('');
  const busy = status === 'connecting' || status === 'streaming' || status === 'reconnecting';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() === '' || busy) return;
    void send(draft);
    setDraft('');
  };

  return (
    <section aria-label="Conversation">
      <ol className="hook-messages">
        {messages.map((message) =>
          message.role === 'user' ? (
            <li key={message.id} data-role="user">
              <strong>You:</strong> {message.text}
            </li>
          ) : (
            <li key={message.id} data-role="assistant">
              <Answer message={message} />
            </li>
          ),
        )}
      </ol>
      <p data-testid="status">Status: {status}</p>
      <form onSubmit={submit}>
        <input
          aria-label="Message"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Ask the agent…"
        />
        <button type="submit" disabled={busy}>
          Send
        </button>
        <button type="button" onClick={() => void stop()} disabled={!busy}>
          Stop
        </button>
      </form>
    </section>
  );
}

/** One answer: its parts in arrival order, tool calls with their status and output. */
function Answer({ message }: { message: AssistantMessageState }) {
  return (
    <div>
      {message.parts.map((part, index) => {
        // Parts only ever grow at the end of the list: an index is a stable key.
        const key = `${part.type}-${index}`;
        if (part.type === 'text') return <p key={key}>{part.text}</p>;
        if (part.type === 'reasoning')
          return (
            <p key={key}>
              <em>{part.text}</em>
            </p>
          );
        const call = message.calls[part.callId];
        if (call === undefined) return null;
        return (
          <p key={key} className="hook-call" data-tool={call.toolName} data-status={call.status}>
            {call.toolName}: {call.status}
            {call.result !== null && call.result.text !== '' ? ` — ${call.result.text}` : ''}
          </p>
        );
      })}
      {message.end !== null && <p data-testid="outcome">Ended: {message.end.outcome}</p>}
    </div>
  );
}
