import type { AssistantMessageState as Answer } from '@toolstream/core';
import { useLatestAnswerId, useMessage, useResolvedStore } from '@toolstream/react';
import { type HTMLAttributes, memo, type ReactNode, useState } from 'react';
import { CallList } from '../call-list/call-list.js';
import { Citations } from '../citations/citations.js';
import { AnswerProvider } from '../internal/answer-scope.js';
import { useChatFocus } from '../internal/chat-focus.js';
import { cx } from '../internal/cx.js';
import { useTextRenderer } from '../text/text-renderer.js';
import { AnswerActions } from './answer-actions.js';
import { Reasoning } from './reasoning.js';
import { TurnEnd } from './turn-end.js';
import { useMessageStreaming } from './use-message-streaming.js';

/** Props of {@link AssistantMessage}. Other props go to its `<article>`. */
export interface AssistantMessageProps extends HTMLAttributes<HTMLElement> {
  messageId: string;
  /** The message's accessible name; default "Assistant". */
  label?: string;
  /**
   * Show Retry and Regenerate on the newest answer (`store.retry()`, `store.regenerate()`).
   * Default `true`; turn it off for a store fed with `ingest`, which cannot ask again.
   */
  actions?: boolean;
}

/** The parts of an answer in arrival order: text, reasoning, and runs of calls between them. */
function AnswerParts({ answer, streaming }: { answer: Answer; streaming: boolean }) {
  const Text = useTextRenderer();
  const out: ReactNode[] = [];
  const last = answer.parts.length - 1;
  let run: string[] = [];
  const closeRun = () => {
    // Keyed by its first call: a run only grows at its end while the answer streams.
    if (run.length > 0) out.push(<CallList key={`calls:${run[0]}`} callIds={run} />);
    run = [];
  };
  answer.parts.forEach((part, index) => {
    if (part.type === 'tool-call') {
      run.push(part.callId);
      return;
    }
    closeRun();
    // Parts only grow at the end: a part's index is a stable key.
    const key = `part:${index}`;
    if (part.type === 'text') {
      out.push(
        <Text key={key} streaming={streaming && index === last}>
          {part.text}
        </Text>,
      );
    } else {
      out.push(<Reasoning key={key} text={part.text} streaming={streaming && index === last} />);
    }
  });
  closeRun();
  return out;
}

/**
 * An assistant turn: its parts in arrival order — text, reasoning (a closed "Thinking"
 * disclosure), tool calls as compact rows (finished ones folded into "Used N tools" groups) and
 * sub-agents' work as activity sections — then its sources, how it ended when it did not simply
 * finish (a failure in plain words, or a stopped, interrupted or cut-off mark, with Retry), and a
 * line of actions: Copy, Regenerate, and a pager through earlier versions. While the run writes
 * into it: `aria-busy`, a caret after the last text, and "Working…" before anything arrived.
 */
export const AssistantMessage = memo(function AssistantMessage({
  messageId,
  label = 'Assistant',
  actions = true,
  className,
  ...props
}: AssistantMessageProps) {
  const message = useMessage(messageId);
  const streaming = useMessageStreaming(messageId);
  const latest = useLatestAnswerId() === messageId;
  const store = useResolvedStore('AssistantMessage');
  const { focusComposer } = useChatFocus();
  // Which version is shown; `null` follows the newest.
  const [picked, setPicked] = useState<number | null>(null);
  if (message === undefined || message.role !== 'assistant') return null;
  const versions = [...message.versions, message];
  const index = picked === null || picked >= versions.length ? versions.length - 1 : picked;
  const shown = versions[index]!;
  const current = shown === message;
  const ended = message.end !== null && !streaming;
  const run = (action: () => Promise<void>) => () => {
    setPicked(null);
    void action();
    focusComposer();
  };
  const canRerun = actions && latest && ended;
  return (
    <AnswerProvider messageId={shown.id}>
      <article
        data-slot="assistant-message"
        data-message-id={shown.id}
        data-state={streaming ? 'streaming' : 'complete'}
        data-outcome={shown.end?.outcome}
        aria-label={label}
        aria-busy={streaming || undefined}
        className={cx('ts-message', 'ts-message--assistant', className)}
        {...props}
      >
        {shown.parts.length === 0 && streaming && (
          <p data-slot="assistant-message-pending" className="ts-message__pending">
            Working…
          </p>
        )}
        <AnswerParts answer={shown} streaming={streaming && current} />
        <Citations citations={shown.citations} />
        <TurnEnd
          end={streaming && current ? null : shown.end}
          latest={latest && current}
          onRetry={canRerun && current ? run(() => store.retry()) : undefined}
        />
        {(ended || !current) && (
          <AnswerActions
            shown={shown}
            version={index}
            versions={versions.length}
            onVersion={setPicked}
            onRegenerate={
              canRerun && current && shown.end?.outcome === 'done' ? run(() => store.regenerate()) : undefined
            }
          />
        )}
      </article>
    </AnswerProvider>
  );
});
AssistantMessage.displayName = 'AssistantMessage';
