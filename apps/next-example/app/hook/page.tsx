import { HookChat } from './hook-chat';

export const metadata = { title: 'useToolCallStream — toolstream on Next.js' };

/** A server component page; the chat itself is a client component. */
export default function HookPage() {
  return (
    <>
      <h1>useToolCallStream</h1>
      <p>A chat of your own, from the hook’s state: messages, their text and their tool calls.</p>
      <HookChat />
    </>
  );
}
