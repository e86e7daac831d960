import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatMessageResponse } from '@toolstream/core';

/**
 * The policy every page is served with: nothing inline, nothing evaluated, nothing from
 * elsewhere, no `data:` images (the README promises exactly this policy).
 */
export const STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'";

/** Global CSS of a page that tries its worst on everything it can select. */
export const HOSTILE_CSS = `
* { color: red !important; font-size: 40px !important; display: inline !important;
    font-family: "Comic Sans MS", cursive !important; line-height: 3 !important;
    letter-spacing: 4px !important; text-transform: uppercase !important;
    padding: 17px !important; margin: 9px !important; border: 5px dashed lime !important;
    background: yellow !important; box-sizing: content-box !important; }
html { font-size: 40px !important; }
button, textarea, section, h2, div { all: unset !important; display: inline !important; }
`;

/** What a page shows, from the query string: `placement`, `hostile=1`, `theme=1` (page tokens), `devtools=1`. */
function page(url: URL): string {
  const placement = url.searchParams.get('placement') ?? 'inline';
  const hostile = url.searchParams.get('hostile') === '1';
  const themed = url.searchParams.get('theme') === '1';
  const devtools = url.searchParams.get('devtools') === '1';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Widget on a plain page</title>
<script src="/probe.js"></script>
${hostile ? '<link rel="stylesheet" href="/hostile.css">' : ''}
${themed ? '<link rel="stylesheet" href="/theme.css">' : ''}
</head>
<body>
<p id="page-text">The page's own text.</p>
<div id="outside" data-slot="chat" class="ts-chat"><button class="ts-composer__button">Not the widget's</button></div>
<toolstream-chat endpoint="/api/chat/stream" title="Support" placement="${placement}"
  headers='{"x-tenant":"acme"}' storage-key="${placement}"${devtools ? ' devtools' : ''}></toolstream-chat>
<script src="/widget.iife.js"></script>
</body>
</html>`;
}

/** Collects what the page must never see: CSP violations and script errors. */
const PROBE = `
window.__problems = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__problems.push('csp: ' + event.violatedDirective + ' ' + event.blockedURI);
});
window.addEventListener('error', (event) => window.__problems.push('error: ' + event.message));
`;

/** The answer to a message: text streamed in pieces around a tool call. */
function answer(message: string): ChatMessageResponse[] {
  const call = {
    call_id: 'call-1',
    tool_name: 'search_docs',
    tool_call_details: { summary: 'Searching the docs' },
  };
  return [
    { message: 'You said: ', citations: [], tool_calls: [] },
    { message: message, citations: [], tool_calls: [] },
    { message: '', citations: [], tool_calls: [{ ...call, event_type: 'call', tool_response: message }] },
    {
      message: '',
      citations: [],
      tool_calls: [
        {
          ...call,
          event_type: 'result',
          tool_response: '',
          stream_part: 'Found 2 pages',
          is_complete: false,
        },
      ],
    },
    {
      message: '',
      citations: [],
      tool_calls: [{ ...call, event_type: 'result', tool_response: 'Found 2 pages' }],
    },
    { message: ' Done.', citations: ['https://docs.example.com/start'], tool_calls: [] },
  ];
}

/** A run that asks to approve a call (PROTOCOL.md §11) and ends waiting. */
function asksApproval(): ChatMessageResponse[] {
  return [
    { message: 'I can send the summary.', citations: [], tool_calls: [] },
    {
      message: '',
      citations: [],
      tool_calls: [
        {
          call_id: 'send-1',
          event_type: 'call',
          tool_name: 'send_email',
          tool_response: '',
          tool_call_details: {
            arguments: { to: 'dana@example.com' },
            awaiting: 'approval',
            prompt: 'Send the summary to Dana?',
          },
        },
      ],
    },
  ];
}

/** The continuation once approved: the call's result, then the last words. */
function approvedAnswer(): ChatMessageResponse[] {
  return [
    {
      message: '',
      citations: [],
      tool_calls: [
        {
          call_id: 'send-1',
          event_type: 'result',
          tool_name: 'send_email',
          tool_response: 'Sent to dana@example.com',
          tool_call_details: {},
        },
      ],
    },
    { message: ' Sent.', citations: [], tool_calls: [] },
  ];
}

/** A request the chat endpoint received. */
export interface ChatRequest {
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** The test site: pages, the widget script, stylesheets, and a streaming chat endpoint. */
export interface TestServer {
  origin: string;
  chatRequests: ChatRequest[];
  close(): Promise<void>;
}

export async function startTestServer(widgetScript: string, devtoolsScript = ''): Promise<TestServer> {
  const chatRequests: ChatRequest[] = [];
  const send = (res: ServerResponse, type: string, body: string) => {
    res.writeHead(200, {
      'content-type': type,
      'content-security-policy': STRICT_CSP,
      'cache-control': 'no-store',
    });
    res.end(body);
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'POST' && url.pathname === '/api/chat/stream') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const body = JSON.parse(raw) as { message: string; continue?: unknown };
      chatRequests.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      const chunks =
        body.continue !== undefined
          ? approvedAnswer()
          : body.message.includes('approval')
            ? asksApproval()
            : answer(body.message);
      for (const chunk of chunks) {
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
        // Let each chunk go out on its own, as a real stream's would.
        await new Promise((done) => setImmediate(done));
      }
      res.end();
      return;
    }
    switch (url.pathname) {
      case '/page.html':
        return send(res, 'text/html; charset=utf-8', page(url));
      case '/widget.iife.js':
        return send(res, 'text/javascript; charset=utf-8', widgetScript);
      case '/devtools.iife.js':
        return send(res, 'text/javascript; charset=utf-8', devtoolsScript);
      case '/probe.js':
        return send(res, 'text/javascript; charset=utf-8', PROBE);
      case '/hostile.css':
        return send(res, 'text/css', HOSTILE_CSS);
      case '/theme.css':
        return send(res, 'text/css', ':root { --ts-accent: rgb(10, 120, 60); --ts-radius: 3px; }');
      case '/favicon.ico':
        res.writeHead(204).end();
        return;
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    chatRequests,
    close: () =>
      new Promise((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
