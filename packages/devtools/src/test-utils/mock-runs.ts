import { createToolStreamStore, type ToolStreamState, type ToolStreamStore } from '@toolstream/core';
import { allProtocols } from '@toolstream/core/providers';
import { createHandlers, type MockHandlersOptions } from '@toolstream/mock';
import type { SetupServer } from 'msw/node';

/** Where the MSW mock answers in these tests. */
export const ORIGIN = 'http://mock.test';

let bases = 0;

/**
 * Points MSW at a mock backend of its own (a base path of its own, so handlers of several
 * backends never meet) and returns the endpoint to talk to.
 */
export function mockEndpoint(server: SetupServer, options: MockHandlersOptions = {}): string {
  const basePath = `/api/run-${++bases}`;
  server.use(...createHandlers({ speed: Number.POSITIVE_INFINITY, ...options, basePath }));
  return `${ORIGIN}${basePath}`;
}

/** A store as the demo makes one: every protocol, quick re-attaches, a short idle timeout. */
export function mockStore(endpoint: string, scenario: string, idleTimeoutMs = 2_000): ToolStreamStore {
  let ids = 0;
  return createToolStreamStore({
    endpoint,
    protocols: allProtocols,
    body: ({ message }) => ({ message, scenario }),
    reconnect: { initialDelayMs: 1, maxDelayMs: 4, maxAttempts: 8 },
    idleTimeoutMs,
    generateId: () => `id-${++ids}`,
    schedule: 'sync',
  });
}

/**
 * What a person sees of the last answer, without what differs from one run to the next (times,
 * ids the client made, the run's id, SSE ids the server gave): text, reasoning, calls with every
 * field the wire decides, sources, usage, how the turn ended, and every error.
 */
export function answerView(state: ToolStreamState) {
  const answer = state.messages.findLast((m) => m.role === 'assistant');
  if (answer?.role !== 'assistant') return null;
  return {
    status: state.status,
    parts: answer.parts,
    calls: answer.callOrder.map((id) => {
      const c = answer.calls[id]!;
      return {
        id: c.id,
        toolName: c.toolName,
        kind: c.kind,
        parentId: c.parentId,
        agent: c.agent,
        eventType: c.eventType,
        status: c.status,
        error: c.error,
        details: c.details,
        call: { text: c.call.text, complete: c.call.complete },
        result: c.result === null ? null : { text: c.result.text, complete: c.result.complete },
        argsText: c.argsText,
        args: c.args,
        argsError: c.argsError,
      };
    }),
    children: answer.children,
    citations: answer.citations,
    usage: answer.usage,
    end:
      answer.end === null
        ? null
        : { outcome: answer.end.outcome, finish: answer.end.finish, error: errorView(answer.end.error) },
    errors: state.errors.map(errorView),
  };
}

function errorView(error: ToolStreamState['errors'][number] | null) {
  if (error === null) return null;
  return {
    code: error.code,
    message: error.message,
    frame: error.code === 'protocol' ? error.frame : undefined,
  };
}
