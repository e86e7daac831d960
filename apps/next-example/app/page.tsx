import { reduceStream } from '@toolstream/core';
import { createFetchHandler } from '@toolstream/mock/fetch';

/**
 * A server component: the core runs on the server as well. It reduces a whole recorded run to
 * plain JSON with `reduceStream` (what a route, a job or a test would do with an agent's
 * stream), here from the mock backend in-process, played at full speed.
 */
export default async function Home() {
  const handle = createFetchHandler({ speed: Number.POSITIVE_INFINITY });
  const response = await handle(
    new Request('http://localhost/api/chat/stream', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Summarise the incidents', scenario: 'subagent-delegation' }),
    }),
  );
  const snapshot = await reduceStream(response.body!);
  return (
    <>
      <h1>toolstream on Next.js</h1>
      <p>
        Two pages stream from <code>/api/chat/stream</code>, a route handler serving the toolstream mock
        backend: <a href="/hook">one</a> renders the conversation from <code>useToolCallStream</code>, the{' '}
        <a href="/chat">other</a> is the kit’s <code>&lt;Chat&gt;</code>.
      </p>
      <h2>A run reduced on the server</h2>
      <p data-testid="server-text">{snapshot.text}</p>
      <ul data-testid="server-calls">
        {snapshot.toolCalls.map((call) => (
          <li key={call.call_id}>
            {call.tool_name} ({call.kind}){call.is_complete ? '' : ', unfinished'}
          </li>
        ))}
      </ul>
    </>
  );
}
