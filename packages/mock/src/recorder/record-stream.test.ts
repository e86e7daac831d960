import { afterEach, describe, expect, it } from 'vitest';
import { type Scenario, scenarioFrames, serializeScenario } from '../scenario/format.js';
import { builtinScenarios } from '../scenario/library.js';
import { parseScenario } from '../scenario/validate.js';
import { createMockServer, type MockServer } from '../server/create-server.js';
import { recordStream } from './record-stream.js';

const library = builtinScenarios();
let server: MockServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** A scenario with the delays of another (recorded timing differs by the scheduler's jitter). */
function withDelaysOf(recorded: Scenario, original: Scenario): Scenario {
  const delays = scenarioFrames(original).map((frame) => frame.delay);
  return { ...recorded, steps: recorded.steps.map((step, i) => ({ ...step, delay: delays[i]! })) };
}

describe('recordStream', () => {
  it.each(['subagent-delegation', 'typed-events'])(
    'round-trips %s served by the mock server into an equivalent scenario file',
    async (name) => {
      const speed = 10;
      server = await createMockServer({ speed });
      const original = library.get(name)!;
      const recording = await recordStream(server.endpoint, {
        body: { message: 'x', scenario: name },
        name,
        description: original.header.description,
      });
      expect(recording.ending).toBe('complete');
      expect(recording.runId).toMatch(/^run_/);
      // Same header (the protocol recognised from the frames), same frames in the same order.
      expect(recording.scenario.header).toEqual({ ...original.header, keywords: undefined });
      const comparable = { ...original, header: { ...original.header, keywords: undefined } };
      expect(serializeScenario(withDelaysOf(recording.scenario, comparable))).toBe(
        serializeScenario(comparable),
      );
      // The file it gives is valid and parses back to the recording.
      expect(parseScenario(recording.text, { expectedName: name })).toEqual(
        JSON.parse(JSON.stringify(recording.scenario)),
      );
      // Timing is kept: the recorded silences add up to (at least most of) the served ones.
      const served = scenarioFrames(original).reduce((sum, frame) => sum + frame.delay / speed, 0);
      const recorded = scenarioFrames(recording.scenario).reduce((sum, frame) => sum + frame.delay, 0);
      expect(recorded).toBeGreaterThan(served * 0.5);
    },
  );

  it('records a GET stream and names the scenario after the URL by default', async () => {
    server = await createMockServer({ speed: Number.POSITIVE_INFINITY });
    const recording = await recordStream(`${server.endpoint}?scenario=guard-rejection`);
    expect(recording.scenario.header.name).toBe('stream');
    expect(recording.scenario.steps).toHaveLength(1);
    expect(recording.runId).toBeNull();
  });

  it('says why it cannot record a response that is not a stream', async () => {
    server = await createMockServer();
    await expect(
      recordStream(`${server.endpoint}?fault=status:503`, { body: { message: 'x' } }),
    ).rejects.toThrow(/HTTP 503 with content type application\/json/);
  });

  it('keeps what arrived when the connection drops', async () => {
    server = await createMockServer({ speed: Number.POSITIVE_INFINITY });
    const recording = await recordStream(`${server.endpoint}?fault=drop-after:3`, {
      body: { message: 'x', scenario: 'single-call' },
    });
    expect(recording.ending).toBe('dropped');
    expect(recording.scenario.steps).toHaveLength(3);
  });
});
