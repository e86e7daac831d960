import { createRunHandler } from '@toolstream/server';
import { after } from 'next/server';
import { type ChatBody, runAgent } from '../../../../../agent/agent';

/**
 * The chat endpoint: a small agent (agent/agent.ts) on `@toolstream/server`. The optional
 * catch-all serves the whole run convention of PROTOCOL.md: `POST /api/chat/stream` starts a run
 * (and names it in `X-Run-Id`), `GET /api/chat/stream/<id>` re-attaches after a dropped
 * connection, `DELETE /api/chat/stream/<id>` stops it. `after` keeps the agent running once the
 * response is sent, so a reload can re-attach. On several instances, pass a Redis store
 * (`@toolstream/server/redis`).
 */
const handler = createRunHandler<ChatBody>({ start: runAgent, waitUntil: after });

// Every request streams something new: never prerender or cache this route.
export const dynamic = 'force-dynamic';

export { handler as DELETE, handler as GET, handler as OPTIONS, handler as POST };
