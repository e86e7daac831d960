import { createToolStreamStore } from '@toolstream/core';
import { allProtocols } from '@toolstream/core/providers';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordStore } from '../recording/recording.js';
import { mockEndpoint } from '../test-utils/mock-runs.js';
import { exportScenario } from './export-scenario.js';
import { exportSse } from './export-sse.js';
import { REDACTED, Redaction } from './redact.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const SECRET = 'sk-live-4f9a77c1';

/** A recorded run whose requests carry a bearer token and a tenant header. */
async function recordedRun(scenario = 'nested-delegation') {
  const endpoint = mockEndpoint(server);
  // Credentials as an app sends them.
  const withHeaders = createToolStreamStore({
    endpoint: `${endpoint}?fault=drop-after:3&fault-times=1`,
    protocols: allProtocols,
    headers: { authorization: `Bearer ${SECRET}`, 'x-tenant': 'acme-corp', cookie: `session=${SECRET}` },
    body: ({ message }) => ({ message, scenario }),
    reconnect: { initialDelayMs: 1, maxDelayMs: 4 },
    schedule: 'sync',
  });
  const { recording } = recordStore(withHeaders);
  await withHeaders.send('Search Confluence for the onboarding guide');
  return recording;
}

describe('redaction before export', () => {
  it('replaces request header values by default, keeping the ones that say how the stream was asked for', async () => {
    const recording = await recordedRun();
    const { text } = exportScenario(recording, { name: 'redacted' });
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('acme-corp');
    const header = JSON.parse(text.split('\n')[0]!);
    const [first, second] = header.recording.connections;
    expect(first.request.headers).toMatchObject({
      authorization: REDACTED,
      cookie: REDACTED,
      'x-tenant': REDACTED,
      'content-type': 'application/json',
      accept: 'text/event-stream',
    });
    // The re-attach keeps its Last-Event-ID: that is what a reader of the file needs to see.
    expect(second.request.headers['last-event-id']).toBe('3');
    expect(second.open.headers['x-run-id']).toMatch(/^run_/);
    expect(header.recording.redaction).toMatchObject({
      headers: 'values replaced',
      paths: [],
      textPatterns: 0,
    });
  });

  it('keeps header values when told to', async () => {
    const recording = await recordedRun();
    const { text } = exportScenario(recording, { name: 'kept', redact: { headers: false } });
    expect(JSON.parse(text.split('\n')[0]!).recording.connections[0].request.headers.authorization).toBe(
      `Bearer ${SECRET}`,
    );
  });

  it('replaces fields by path and text anywhere: frames, URLs, request bodies, the user’s message', async () => {
    const recording = await recordedRun();
    const { text } = exportScenario(recording, {
      name: 'paths',
      redact: {
        paths: ['tool_calls.*.tool_call_details.task', '**.agent'],
        text: ['onboarding', /Confluence/i],
      },
    });
    expect(text).not.toMatch(/onboarding/);
    expect(text).not.toMatch(/confluence/i);
    const frames = text
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(line))
      .filter((line) => line.type !== 'disconnect');
    const details = frames.flatMap((frame) => {
      if (!frame.data.startsWith('{')) return [];
      const data = JSON.parse(frame.data);
      return (data.tool_calls ?? []).map(
        (call: { tool_call_details: Record<string, unknown> }) => call.tool_call_details,
      );
    });
    const withTask = details.filter((d) => 'task' in d);
    expect(withTask.length).toBeGreaterThan(0);
    expect(withTask.every((d) => d.task === REDACTED)).toBe(true);
    expect(details.filter((d) => 'agent' in d).every((d) => d.agent === REDACTED)).toBe(true);
    expect(JSON.parse(text.split('\n')[0]!).recording.userMessage).toBe(
      `Search ${REDACTED} for the ${REDACTED} guide`,
    );
  });

  it('in the raw .sse export: text in the bytes; with paths, the frames written again', async () => {
    const recording = await recordedRun();
    expect(exportSse(recording, { redact: { text: ['onboarding'] } }).text).not.toContain('onboarding');
    const rewritten = exportSse(recording, { redact: { paths: ['**.task'] } }).text;
    expect(rewritten.startsWith(': frames written again')).toBe(true);
    expect(rewritten).toContain(`"task":"${REDACTED}"`);
  });

  it('hides whole what is too deep to search, and never throws on hostile data', () => {
    const redaction = new Redaction({ paths: ['**.secret'] });
    const deep = `{"a":${'{"b":'.repeat(10_000)}{"secret":1}${'}'.repeat(10_000)}}`;
    const out = redaction.frameData(deep);
    expect(out.length).toBeLessThan(2_000);
    expect(out).toContain(REDACTED);
    expect(redaction.frameData('not json')).toBe('not json');
    expect(new Redaction({ paths: ['__proto__.x'] }).frameData('{"__proto__":{"x":1}}')).toBe(
      `{"__proto__":{"x":"${REDACTED}"}}`,
    );
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
