import { act, within } from '@testing-library/react';
import type { ChatMessageResponse, ToolCallResponse } from '@toolstream/core';
import { mount, type WidgetHandle } from '../mount.js';
import type { WidgetOptions } from '../options.js';

/** A widget mounted into a fresh element of the test document. */
export interface MountedWidget {
  host: HTMLElement;
  shadow: ShadowRoot;
  handle: WidgetHandle;
  /** Testing Library queries scoped to the widget's root inside the shadow root. */
  view: ReturnType<typeof within>;
  /** Feeds chunks to the widget's store, as a stream would, and renders the result. */
  feed(...chunks: ChatMessageResponse[]): void;
  unmount(): void;
}

const hosts: HTMLElement[] = [];

/** Mounts a widget whose store publishes synchronously (so a fed chunk shows at once). */
export function mountWidget(
  options: WidgetOptions = {},
  host: HTMLElement = document.createElement('div'),
): MountedWidget {
  if (!host.isConnected) document.body.append(host);
  hosts.push(host);
  let handle!: WidgetHandle;
  act(() => {
    handle = mount(host, { ...options, storeOptions: { schedule: 'sync', ...options.storeOptions } });
  });
  const shadow = host.shadowRoot!;
  return {
    host,
    shadow,
    handle,
    view: within(shadow.querySelector<HTMLElement>('.tsw-root')!),
    feed: (...chunks) =>
      act(() => {
        for (const chunk of chunks) handle.store.ingest(chunk);
      }),
    unmount: () => act(() => handle.unmount()),
  };
}

/** Removes the hosts of widgets mounted by {@link mountWidget} (their widgets must be unmounted). */
export function removeHosts(): void {
  for (const host of hosts.splice(0)) host.remove();
}

/** A chunk of assistant text. */
export function text(message: string): ChatMessageResponse {
  return { message, citations: [], tool_calls: [] };
}

/** A chunk with one tool-call update. */
export function tool(
  call: Partial<ToolCallResponse> & { call_id: string; tool_name: string },
): ChatMessageResponse {
  return {
    message: '',
    citations: [],
    tool_calls: [{ event_type: 'call', tool_response: '', tool_call_details: {}, ...call }],
  };
}

/** An SSE response carrying `chunks` as `data:` events (ids `1`, `2`… when `ids` is set). */
export function sseResponse(
  chunks: readonly ChatMessageResponse[],
  init: ResponseInit = {},
  ids = false,
): Response {
  const body = chunks
    .map((chunk, index) => `${ids ? `id: ${index + 1}\n` : ''}data: ${JSON.stringify(chunk)}\n\n`)
    .join('');
  return new Response(body, {
    status: 200,
    ...init,
    headers: { 'content-type': 'text/event-stream', ...(init.headers as Record<string, string>) },
  });
}

/** One request a fake `fetch` received. */
export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A `fetch` that records requests and answers each with `respond(request)`. */
export function fakeFetch(respond: (request: RecordedRequest) => Response): {
  fetch: typeof globalThis.fetch;
  requests: RecordedRequest[];
} {
  const requests: RecordedRequest[] = [];
  const fake = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const request: RecordedRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    return respond(request);
  }) as typeof globalThis.fetch;
  return { fetch: fake, requests };
}
