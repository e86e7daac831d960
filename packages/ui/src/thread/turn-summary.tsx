import { type ChatMessage, findMessage } from '@toolstream/core';
import { useMessage, useResolvedStore } from '@toolstream/react';
import { memo } from 'react';
import { answerText } from '../message/answer-actions.js';

/** Props of {@link TurnSummary}. */
interface TurnSummaryProps {
  messageId: string;
  /** The height it stands at (px). */
  height: number;
  /** Whether the turn may still change (the conversation's last): then it follows the store. */
  live: boolean;
}

/**
 * A turn the thread does not draw (it is off screen), standing at its height: its words as plain
 * text, in an article named as the drawn turn is. So the browser's find in page finds them and
 * scrolling to one draws it in full; off screen, the browser skips it (`content-visibility`, on
 * it or on its block of turns), and leaves it out of the accessibility tree too: a screen reader
 * reaches it through the feed's Page Up and Page Down (see Thread), which draw it.
 */
export const TurnSummary = memo(function TurnSummary({ messageId, height, live }: TurnSummaryProps) {
  return live ? (
    <LiveSummary messageId={messageId} height={height} />
  ) : (
    <FixedSummary messageId={messageId} height={height} />
  );
});

// Earlier turns never change: read once, no subscription (a thousand of them would otherwise
// each run a selector on every update of the stream).
function FixedSummary({ messageId, height }: Omit<TurnSummaryProps, 'live'>) {
  const store = useResolvedStore('Thread');
  return <SummaryView message={findMessage(store.getState(), messageId)} height={height} />;
}

function LiveSummary({ messageId, height }: Omit<TurnSummaryProps, 'live'>) {
  return <SummaryView message={useMessage(messageId)} height={height} />;
}

function SummaryView({ message, height }: { message: ChatMessage | undefined; height: number }) {
  const user = message?.role === 'user';
  return (
    <div data-slot="thread-turn" data-state="summary" className="ts-thread__turn" style={{ height }}>
      {message !== undefined && (
        <article aria-label={user ? 'You' : 'Assistant'} className="ts-thread__summary">
          {message.role === 'user' ? message.text : answerText(message)}
        </article>
      )}
    </div>
  );
}
