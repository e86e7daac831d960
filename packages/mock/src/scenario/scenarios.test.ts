import { latestAnswer, reduceStream, type StreamSnapshot, type ToolStreamState } from '@toolstream/core';
import { allProtocols } from '@toolstream/core/providers';
import { describe, expect, it } from 'vitest';
import { scenarioToSse } from '../backend/sse-encode.js';
import { RETURN_DIRECT_OUTPUT } from './definitions/basic.js';
import { CONFLUENCE_ANSWER, RESEARCH_ANSWER } from './definitions/delegation.js';
import {
  DISCONNECT_ANSWER_AFTER,
  DISCONNECT_ANSWER_BEFORE,
  GUARD_MESSAGE,
  TIMEOUT_MESSAGE,
} from './definitions/failures.js';
import { LONG_RUN_PARTS } from './definitions/long-run.js';
import { REACT_FINAL_ANSWER } from './definitions/react.js';
import { TYPED_ERROR_MESSAGE } from './definitions/typed-events.js';
import { XSS_PAYLOADS, XSS_TAG_PAYLOADS } from './definitions/xss.js';
import type { Scenario } from './format.js';
import { builtinScenarios } from './library.js';

interface Reduced {
  snapshot: StreamSnapshot;
  state: ToolStreamState;
}

async function reduce(scenario: Scenario): Promise<Reduced> {
  let state: ToolStreamState | null = null;
  const snapshot = await reduceStream(scenarioToSse(scenario), {
    protocols: allProtocols,
    onState: (final) => {
      state = final;
    },
  });
  return { snapshot, state: state! };
}

/**
 * What the snapshot file holds: the fields that matter to a UI, with long outputs cut so the
 * files stay readable (the long run's outputs are tens of kilobytes).
 */
function digest({ snapshot, state }: Reduced) {
  const cut = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text);
  return {
    status: snapshot.status,
    protocol: state.run.protocol,
    text: cut(snapshot.text),
    citations: snapshot.citations,
    toolCalls: snapshot.toolCalls.map((call) => ({
      call_id: call.call_id,
      tool_name: call.tool_name,
      kind: call.kind,
      parent_call_id: call.parent_call_id,
      agent: latestAnswer(state)!.calls[call.call_id]!.agent,
      event_type: call.event_type,
      status: call.status,
      output: cut(call.output),
      is_complete: call.is_complete,
    })),
    errors: snapshot.errors,
  };
}

const library = builtinScenarios();

describe('every built-in scenario reduces through @toolstream/core', () => {
  it.each(library.names())('%s matches its snapshot', async (name) => {
    const reduced = await reduce(library.get(name)!);
    await expect(`${JSON.stringify(digest(reduced), null, 2)}\n`).toMatchFileSnapshot(
      `./__snapshots__/${name}.reduced.snap`,
    );
  });
});

describe('key facts per scenario', () => {
  const run = (name: string) => reduce(library.get(name)!);
  const call = (reduced: Reduced, tool: string) => {
    const found = Object.values(latestAnswer(reduced.state)!.calls).find((c) => c.toolName === tool);
    if (found === undefined) throw new Error(`no call of ${tool}`);
    return found;
  };

  it('single-call: one complete call between two texts', async () => {
    const reduced = await run('single-call');
    expect(reduced.snapshot.status).toBe('done');
    expect(reduced.snapshot.toolCalls).toHaveLength(1);
    expect(call(reduced, 'get_weather').status).toBe('complete');
    const parts = reduced.state.messages.at(-1)!;
    expect(parts.role === 'assistant' && parts.parts.map((p) => p.type)).toEqual([
      'text',
      'tool-call',
      'text',
    ]);
  });

  it('parallel-calls: three top-level calls, one result streamed in parts', async () => {
    const reduced = await run('parallel-calls');
    expect(reduced.snapshot.toolCalls.map((c) => c.tool_name)).toEqual([
      'get_weather',
      'get_time',
      'search_flights',
    ]);
    expect(reduced.snapshot.toolCalls.every((c) => c.parent_call_id === null && c.is_complete)).toBe(true);
    expect(call(reduced, 'search_flights').result!.streamed).toBe(true);
    expect(call(reduced, 'get_time').result!.streamed).toBe(false);
  });

  it('subagent-delegation: the sub-agent call is nested and the delegation_result streams', async () => {
    const reduced = await run('subagent-delegation');
    const delegation = call(reduced, 'delegate_to_research_agent');
    const search = call(reduced, 'search_incidents');
    expect(delegation.kind).toBe('delegation');
    expect(delegation.agent).toBe('research_agent');
    expect(delegation.result!.streamed).toBe(true);
    expect(delegation.result!.text).toBe(`Looking through the incident tracker. ${RESEARCH_ANSWER}`);
    expect(search.parentId).toBe(delegation.id);
    expect(search.agent).toBe('research_agent');
    expect(latestAnswer(reduced.state)!.children[delegation.id]).toEqual([search.id]);
  });

  it('nested-delegation: two levels, the inner agent searches Confluence, the answer cites the page', async () => {
    const reduced = await run('nested-delegation');
    const outer = call(reduced, 'delegate_to_knowledge_agent');
    const inner = call(reduced, 'delegate_to_confluence_agent');
    expect(outer.parentId).toBeNull();
    expect(inner.parentId).toBe(outer.id);
    expect(latestAnswer(reduced.state)!.children[inner.id]).toEqual([
      call(reduced, 'confluence_search').id,
      call(reduced, 'confluence_get_page').id,
    ]);
    expect(call(reduced, 'confluence_search').agent).toBe('confluence_agent');
    expect(inner.result!.text).toBe(CONFLUENCE_ANSWER);
    expect(reduced.snapshot.citations).toEqual([
      { source: 'https://confluence.example.com/display/HR/New+Joiner+Onboarding' },
    ]);
  });

  it('react-streamed and react-final-only: same calls, same final answer; only the streamed mode shows intermediate text', async () => {
    const streamed = await run('react-streamed');
    const finalOnly = await run('react-final-only');
    const tools = (r: Reduced) => r.snapshot.toolCalls.map((c) => [c.tool_name, c.output]);
    expect(tools(streamed)).toEqual(tools(finalOnly));
    expect(finalOnly.snapshot.text).toBe(REACT_FINAL_ANSWER);
    expect(streamed.snapshot.text.endsWith(REACT_FINAL_ANSWER)).toBe(true);
    expect(streamed.snapshot.text.length).toBeGreaterThan(REACT_FINAL_ANSWER.length + 20);
    // Streamed mode: text before each call. Suppressed mode: nothing until after the last call.
    const kinds = (r: Reduced) => {
      const message = r.state.messages.at(-1)!;
      return message.role === 'assistant' ? message.parts.map((p) => p.type) : [];
    };
    expect(kinds(streamed)).toEqual(['text', 'tool-call', 'text', 'tool-call', 'text']);
    expect(kinds(finalOnly)).toEqual(['tool-call', 'tool-call', 'text']);
  });

  it('return-direct: no model text after the tool; the answer is the tool output', async () => {
    const reduced = await run('return-direct');
    expect(call(reduced, 'generate_report').details.return_direct).toBe(true);
    expect(call(reduced, 'generate_report').result!.text).toBe(RETURN_DIRECT_OUTPUT);
    expect(reduced.snapshot.text.endsWith(RETURN_DIRECT_OUTPUT)).toBe(true);
  });

  it('failing-tool: the call ends in error, a tool-failed error is recorded, the run completes', async () => {
    const reduced = await run('failing-tool');
    expect(call(reduced, 'jira_get_issue').status).toBe('error');
    expect(reduced.snapshot.errors.map((e) => e.code)).toEqual(['tool-failed']);
    expect(reduced.snapshot.status).toBe('done');
  });

  it('guard-rejection: an error before any text', async () => {
    const reduced = await run('guard-rejection');
    expect(reduced.snapshot).toMatchObject({ status: 'error', text: '', toolCalls: [] });
    expect(reduced.state.error?.message).toBe(GUARD_MESSAGE);
  });

  it('timeout: the open call is closed as an error when the server reports the timeout', async () => {
    const reduced = await run('timeout');
    expect(reduced.snapshot.status).toBe('error');
    expect(reduced.state.error?.message).toBe(TIMEOUT_MESSAGE);
    expect(call(reduced, 'run_analysis').status).toBe('error');
    expect(call(reduced, 'run_analysis').result).toBeNull();
  });

  it('mid-stream-disconnect: read whole (no drop), the delegation text is both halves', async () => {
    const scenario = library.get('mid-stream-disconnect')!;
    expect(scenario.steps.filter((s) => s.type === 'disconnect')).toHaveLength(1);
    const reduced = await run('mid-stream-disconnect');
    expect(call(reduced, 'delegate_to_planning_agent').result!.text).toBe(
      DISCONNECT_ANSWER_BEFORE + DISCONNECT_ANSWER_AFTER,
    );
  });

  it('malformed-frames: six protocol errors, the good frames still make a complete run', async () => {
    const reduced = await run('malformed-frames');
    expect(reduced.snapshot.errors.map((e) => e.code)).toEqual(Array(6).fill('protocol'));
    expect(reduced.snapshot.status).toBe('done');
    expect(call(reduced, 'get_deployments').status).toBe('complete');
  });

  it('typed-events: read as the typed-events protocol, two tools started and ended', async () => {
    const reduced = await run('typed-events');
    expect(reduced.state.run.protocol).toBe('typed-events');
    expect(reduced.snapshot.toolCalls.map((c) => c.tool_name)).toEqual(['weather_tool', 'time_tool']);
    expect(reduced.snapshot.toolCalls.every((c) => c.is_complete)).toBe(true);
  });

  it('typed-events-error: the error event ends the run with the provider message', async () => {
    const reduced = await run('typed-events-error');
    expect(reduced.snapshot.status).toBe('error');
    expect(reduced.state.error?.message).toBe(TYPED_ERROR_MESSAGE);
  });

  it('xss-payloads: the payloads reach every field a UI shows, unchanged by the protocol', async () => {
    const reduced = await run('xss-payloads');
    expect(reduced.snapshot.status).toBe('done');
    expect(reduced.snapshot.errors).toEqual([]);
    for (const tag of XSS_TAG_PAYLOADS) expect(reduced.snapshot.text).toContain(tag);
    expect(reduced.snapshot.text).toContain(XSS_PAYLOADS.markdownLink);
    const fetchPage = call(reduced, 'fetch_page');
    expect(fetchPage.result!.streamed).toBe(true);
    expect(fetchPage.result!.text).toContain(XSS_PAYLOADS.script);
    expect(fetchPage.details).toMatchObject({
      summary: `Fetch ${XSS_PAYLOADS.img}`,
      note: XSS_PAYLOADS.handler,
      homepage: XSS_PAYLOADS.javascriptUrl,
      source: XSS_PAYLOADS.rawLink,
    });
    expect(fetchPage.details.arguments).toEqual({ url: XSS_PAYLOADS.javascriptUrl, html: XSS_PAYLOADS.svg });
    const widget = call(reduced, 'render_widget');
    expect(widget.result!.streamed).toBe(false);
    expect(widget.result!.text).toContain(XSS_PAYLOADS.iframe);
    expect(call(reduced, 'delegate_to_web_agent').result!.text).toContain(XSS_PAYLOADS.autolink);
    expect(reduced.snapshot.citations.map((citation) => citation.source)).toEqual(
      expect.arrayContaining([XSS_PAYLOADS.javascriptUrl, XSS_PAYLOADS.script, XSS_PAYLOADS.dataUrl]),
    );
  });

  it(`long-run: ${LONG_RUN_PARTS} parts, all applied`, async () => {
    const scenario = library.get('long-run')!;
    const parts = scenario.steps.filter((step) => {
      if (step.type === 'disconnect' || step.event !== undefined) return false;
      const json = JSON.parse(step.data) as { message: string; tool_calls: { stream_part?: string }[] };
      return json.message !== '' || json.tool_calls.some((c) => typeof c.stream_part === 'string');
    });
    expect(parts).toHaveLength(LONG_RUN_PARTS);
    const reduced = await run('long-run');
    expect(reduced.snapshot.status).toBe('done');
    expect(reduced.snapshot.errors).toEqual([]);
    expect(reduced.snapshot.toolCalls.every((c) => c.is_complete)).toBe(true);
  });
});
