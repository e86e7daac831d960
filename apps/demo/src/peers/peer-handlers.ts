import { HttpResponse, http } from 'msw';
import { createAiSdkEncoder, uiChunkLine } from './ai-sdk-encoder.js';
import { createLangGraphEncoder, langGraphLine } from './langgraph-encoder.js';
import { scenarioEvents } from './scenario-events.js';

/** The demo's in-page AI SDK backend: its chat route. */
export const AI_SDK_API = '/api/ai-sdk/chat';
/** The demo's in-page LangGraph API server. */
export const LANGGRAPH_API = '/api/langgraph';

const encoder = new TextEncoder();

/**
 * A stream that replays a scenario's events with their delays, each written by `write` (which
 * returns the SSE text of an event); it stops when the client leaves.
 */
function replay(
  scenario: string,
  write: (events: ReturnType<typeof scenarioEvents>[number]['events']) => string,
) {
  const frames = scenarioEvents(scenario);
  let stopped = false;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const { delay, events } of frames) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        if (stopped) return;
        const text = write(events);
        if (text !== '') controller.enqueue(encoder.encode(text));
      }
      controller.close();
    },
    cancel() {
      stopped = true;
    },
  });
}

/**
 * MSW handlers that answer the AI SDK's chat request and LangGraph's threads and runs in the
 * page, replaying the mock's scenarios in each backend's own format (so the demo's backend menu
 * shows the kit on either with nothing to run). The scenario comes in the request: the chat
 * body's `scenario`, the run's `context.scenario`.
 */
export function peerHandlers(origin: string) {
  let threads = 0;
  let runs = 0;
  return [
    http.post(`${origin}${AI_SDK_API}`, async ({ request }) => {
      const body = (await request.json()) as { scenario?: string };
      const ai = createAiSdkEncoder();
      const stream = replay(body.scenario ?? 'subagent-delegation', (events) =>
        events
          .flatMap((event) => ai.encode(event))
          .map(uiChunkLine)
          .join(''),
      );
      return new HttpResponse(stream, {
        headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' },
      });
    }),
    http.post(`${origin}${LANGGRAPH_API}/threads`, () =>
      HttpResponse.json({ thread_id: `thread-${++threads}`, status: 'idle' }),
    ),
    // No checkpoints to fork from: a retry runs the message again on the thread.
    http.post(`${origin}${LANGGRAPH_API}/threads/:thread/history`, () => HttpResponse.json([])),
    http.post(
      `${origin}${LANGGRAPH_API}/threads/:thread/runs/:run/cancel`,
      () => new HttpResponse(null, { status: 202 }),
    ),
    http.post(`${origin}${LANGGRAPH_API}/threads/:thread/runs/stream`, async ({ request, params }) => {
      const body = (await request.json()) as { context?: { scenario?: string } };
      const runId = `run-${++runs}`;
      const graph = createLangGraphEncoder(runId);
      let id = 0;
      const stream = replay(body.context?.scenario ?? 'subagent-delegation', (events) =>
        events
          .flatMap((event) => graph.encode(event))
          .map((event) => langGraphLine(event, id++))
          .join(''),
      );
      return new HttpResponse(stream, {
        headers: {
          'content-type': 'text/event-stream',
          'content-location': `/threads/${String(params.thread)}/runs/${runId}`,
        },
      });
    }),
  ];
}
