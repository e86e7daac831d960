import { Chat } from '@toolstream/ui';

export const metadata = { title: '<Chat> — toolstream on Next.js' };

/**
 * The kit's whole chat, used straight from a server component: `@toolstream/ui` marks its
 * components as client ones, so only serializable props (strings, numbers) can be passed here.
 * Per-tool renderers and other functions go in a client component of your own.
 */
export default function ChatPage() {
  return (
    <div className="example-chat">
      <Chat endpoint="/api/chat/stream" title="Agent" showTimeline />
    </div>
  );
}
