import { createFetchHandler } from '@toolstream/mock/fetch';

/**
 * The chat endpoint: the toolstream mock backend, replaying its recorded agent runs (a
 * sub-agent delegation by default; a message naming a scenario or one of its keywords picks
 * another). The optional catch-all serves the whole run convention of PROTOCOL.md:
 * `POST /api/chat/stream` starts a run (and names it in `X-Run-Id`), `GET /api/chat/stream/<id>`
 * re-attaches after a dropped connection, `DELETE /api/chat/stream/<id>` stops it.
 *
 * In your app, this is where your agent backend streams its answer instead.
 */
const handle = createFetchHandler({ basePath: '/api/chat/stream' });

// Every request streams something new: never prerender or cache this route.
export const dynamic = 'force-dynamic';

export const GET = (request: Request) => handle(request);
export const POST = (request: Request) => handle(request);
export const DELETE = (request: Request) => handle(request);
export const OPTIONS = (request: Request) => handle(request);
