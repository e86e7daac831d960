import type { ToolCallState } from '@toolstream/core';
import { isCallOpen } from '@toolstream/core';
import { humanize } from '../internal/humanize.js';
import type { ToolLabels } from './tool-renderers.js';

/** The built-in tools model providers run themselves, by the names their streams use. */
const PROVIDER_TOOLS: ReadonlyArray<{ test: RegExp; running: string; done: string }> = [
  {
    test: /web_search|google_search|browser_search|^search$/i,
    running: 'Searching the web',
    done: 'Searched the web',
  },
  { test: /file_search|retrieval/i, running: 'Searching files', done: 'Searched files' },
  { test: /code_(execution|interpreter)|python/i, running: 'Running code', done: 'Ran code' },
  { test: /web_fetch|url_context|fetch/i, running: 'Reading a page', done: 'Read a page' },
];

/** The text a provider call searched for, where its arguments say (`query`, `q`, `queries`). */
function queryOf(call: ToolCallState): string {
  const args = call.args;
  if (args === null || typeof args !== 'object') return '';
  const record = args as Record<string, unknown>;
  for (const key of ['query', 'q', 'search_query', 'url']) {
    const value = Object.hasOwn(record, key) ? record[key] : undefined;
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  const queries = Object.hasOwn(record, 'queries') ? record.queries : undefined;
  if (Array.isArray(queries) && typeof queries[0] === 'string') return queries[0];
  return '';
}

/**
 * What a call is called for people, unless the app named its tool: a provider's own tool says
 * what it did ("Searched the web for “onboarding”"); a delegation names its sub-agent; any other
 * tool has its name humanized.
 */
export function defaultCallLabel(call: ToolCallState): string {
  if (call.kind === 'provider') {
    const known = PROVIDER_TOOLS.find((tool) => tool.test.test(call.toolName));
    const query = queryOf(call);
    const verb =
      known === undefined
        ? humanize(call.toolName) || 'Provider tool'
        : isCallOpen(call.status)
          ? known.running
          : known.done;
    return query === '' ? verb : `${verb} for “${query}”`;
  }
  if (call.kind === 'delegation' && call.agent !== null && call.agent !== '') return humanize(call.agent);
  return humanize(call.toolName) || 'Tool';
}

/** The app's label for the call's tool when it gave one, else {@link defaultCallLabel}. */
export function callLabel(call: ToolCallState, labels: ToolLabels): string {
  const given = Object.hasOwn(labels, call.toolName) ? labels[call.toolName] : undefined;
  if (given === undefined) return defaultCallLabel(call);
  return typeof given === 'string' ? given : given(call);
}
