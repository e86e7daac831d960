import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { reduceStream, type SseFrame, type ToolStreamState } from '@toolstream/core';
import { createFrameDecoder } from '@toolstream/core/adapters';
import { allProtocols } from '@toolstream/core/providers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR, readProviderStreams } from '../../scripts/provider-fixtures.js';
import { scenarioToSse } from '../backend/sse-encode.js';
import { type CapturedFrame, captureFrames } from './definitions/provider-frames.js';
import { PROVIDER_SCENARIOS } from './definitions/provider-specs.js';
import { PROVIDER_STREAMS } from './definitions/provider-streams.generated.js';
import { PROVIDER_PROTOCOLS } from './format.js';
import { builtinScenarios } from './library.js';

/** The fields of a fixture's `.expected.json` these tests compare (see its README). */
interface Expected {
  toolCalls: { id: string | null; name: string; arguments: Record<string, unknown> }[];
  text: string;
  reasoning?: string;
  error: unknown;
}

const expectedOf = async (fixture: string): Promise<Expected> =>
  JSON.parse(
    await readFile(join(FIXTURE_DIR, `${fixture.replace(/\.(sse|ndjson)$/, '')}.expected.json`), 'utf8'),
  ) as Expected;

/** What the core's own decoder makes of a stream: the reference `captureFrames` must agree with. */
function coreFrames(text: string, wire: 'sse' | 'ndjson'): CapturedFrame[] {
  const frames: CapturedFrame[] = [];
  const decoder = createFrameDecoder(
    {
      onFrame: ({ event, id, data }: SseFrame) =>
        frames.push({ data, ...(event ? { event } : {}), ...(id === undefined ? {} : { id }) }),
    },
    wire,
  );
  decoder.feed(text);
  decoder.end();
  return frames;
}

describe('provider scenarios', () => {
  const library = builtinScenarios();

  it('cover every provider protocol once, named provider-<protocol>', () => {
    expect(PROVIDER_SCENARIOS.map((spec) => spec.protocol).sort()).toEqual([...PROVIDER_PROTOCOLS].sort());
    for (const spec of PROVIDER_SCENARIOS) {
      expect(spec.name).toBe(`provider-${spec.protocol}`);
      expect(library.get(spec.name)!.header).toMatchObject({ name: spec.name, protocol: spec.protocol });
    }
  });

  it('hold the frames of the fixtures as they are now (regenerate when a fixture changes)', async () => {
    expect(PROVIDER_STREAMS).toEqual(await readProviderStreams());
  });

  it.each(PROVIDER_SCENARIOS.map((spec) => [spec.name, spec] as const))(
    '%s replays every event of its fixture, in order, with its event name and data',
    async (_name, spec) => {
      const raw = await readFile(join(FIXTURE_DIR, spec.fixture), 'utf8');
      const steps = library.get(spec.name)!.steps;
      expect(steps.every((step) => step.type !== 'disconnect')).toBe(true);
      expect(steps.map((step) => ('data' in step ? { event: step.event, data: step.data } : null))).toEqual(
        coreFrames(raw, spec.wire).map((frame) => ({ event: frame.event, data: frame.data })),
      );
    },
  );

  it.each(PROVIDER_SCENARIOS.map((spec) => [spec.name, spec] as const))(
    '%s reduces through @toolstream/core to the fixture’s expected result',
    async (_name, spec) => {
      let state: ToolStreamState | null = null;
      const snapshot = await reduceStream(scenarioToSse(library.get(spec.name)!), {
        protocols: allProtocols,
        onState: (final) => {
          state = final;
        },
      });
      const expected = await expectedOf(spec.fixture);
      // Served as SSE, the NDJSON lines of Ollama's native API are still recognised by `auto`.
      expect(state!.run.protocol).toBe(spec.protocol);
      expect(snapshot.status).toBe('done');
      expect(snapshot.errors).toEqual([]);
      expect(snapshot.text).toBe(expected.text);
      expect(snapshot.reasoning).toBe(expected.reasoning ?? '');
      expect(snapshot.toolCalls.map((call) => ({ name: call.tool_name, arguments: call.arguments }))).toEqual(
        expected.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments })),
      );
      expect(snapshot.toolCalls.every((call) => call.is_complete)).toBe(true);
      const ids = expected.toolCalls.map((call) => call.id).filter((id) => id !== null);
      expect(snapshot.toolCalls.map((call) => call.call_id)).toEqual(expect.arrayContaining(ids));
    },
  );
});

describe('captureFrames', () => {
  it('parses SSE the WHATWG way: any line ending, comments, one space dropped, data lines joined', () => {
    const text = [
      ': keep-alive',
      'event: first',
      'data: a',
      'data:  b',
      'id: 7',
      '',
      'data:{"x":1}',
      'retry: 100',
      '',
      'event: empty',
      '',
      'data',
      '',
      'data: last without a blank line',
    ].join('\r\n');
    expect(captureFrames(text, 'sse')).toEqual([
      { event: 'first', id: '7', data: 'a\n b' },
      { data: '{"x":1}' },
      { data: '' },
      { data: 'last without a blank line' },
    ]);
    expect(captureFrames('data: a\r\rdata: b\n\n', 'sse')).toEqual([{ data: 'a' }, { data: 'b' }]);
  });

  it('makes one frame of each non-blank NDJSON line, CRLF or LF, UTF-8 from bytes', () => {
    const bytes = new TextEncoder().encode('{"a":"Montréal"}\r\n\n  \n{"b":2}');
    expect(captureFrames(bytes, 'ndjson')).toEqual([{ data: '{"a":"Montréal"}' }, { data: '{"b":2}' }]);
  });

  it('agrees with the core decoder on every provider fixture', async () => {
    const { readdir } = await import('node:fs/promises');
    const files = (await readdir(FIXTURE_DIR)).filter((file) => /\.(sse|ndjson)$/.test(file));
    expect(files.length).toBeGreaterThanOrEqual(PROVIDER_SCENARIOS.length);
    for (const file of files) {
      const wire = file.endsWith('.ndjson') ? 'ndjson' : 'sse';
      const raw = await readFile(join(FIXTURE_DIR, file));
      expect(captureFrames(new Uint8Array(raw), wire), file).toEqual(coreFrames(raw.toString('utf8'), wire));
    }
  });

  it('reads back any frames written as SSE with any line ending', () => {
    const line = fc.string({ unit: fc.constantFrom('a', 'é', ' ', ':', '{', '"', '😀') });
    const frame = fc.record(
      {
        event: fc.stringMatching(/^[a-z_]{1,8}$/),
        id: fc.stringMatching(/^[0-9]{1,4}$/),
        data: fc.array(line, { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n')),
      },
      { requiredKeys: ['data'] },
    );
    fc.assert(
      fc.property(fc.array(frame, { maxLength: 6 }), fc.constantFrom('\n', '\r\n', '\r'), (frames, eol) => {
        const text = frames
          .map((f) =>
            [
              ...(f.event === undefined ? [] : [`event: ${f.event}`]),
              ...(f.id === undefined ? [] : [`id: ${f.id}`]),
              ...f.data.split('\n').map((d) => `data: ${d}`),
              '',
            ].join(eol),
          )
          .join(eol);
        expect(captureFrames(text, 'sse')).toEqual(frames);
      }),
    );
  });
});
