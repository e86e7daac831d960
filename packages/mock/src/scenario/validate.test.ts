import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROVIDER_PROTOCOLS, SCENARIO_PROTOCOLS, type Scenario, serializeScenario } from './format.js';
import {
  formatIssue,
  parseScenario,
  ScenarioFormatError,
  validateScenario,
  validateScenarioText,
} from './validate.js';

const header = '{"type":"header","name":"demo","description":"A demo.","protocol":"chat-message-response"}';
const frame = (fields: Record<string, unknown>) => JSON.stringify({ delay: 10, data: '{}', ...fields });
const issuesOf = (text: string, file = 'demo.jsonl') => {
  const result = validateScenarioText(text, { file });
  if (result.ok) throw new Error('expected problems');
  return result.issues.map((issue) => ({ line: issue.line, field: issue.field, message: issue.message }));
};

describe('validateScenarioText', () => {
  it('accepts a header, frames, a disconnect and blank lines', () => {
    const text = [
      header,
      frame({ id: '1' }),
      '',
      '{"type":"disconnect","delay":5}',
      frame({ event: 'done', data: '' }),
      '',
    ].join('\n');
    const result = validateScenarioText(text);
    expect(result.ok).toBe(true);
    expect(result.scenario?.steps).toEqual([
      { delay: 10, id: '1', data: '{}' },
      { type: 'disconnect', delay: 5 },
      { delay: 10, event: 'done', data: '' },
    ]);
  });

  it('names file, line and field for each problem', () => {
    const text = [header, frame({ delay: -1 }), frame({ data: 42 }), frame({ colour: 'red' })].join('\n');
    const result = validateScenarioText(text, { file: 'demo.jsonl' });
    expect(result.ok).toBe(false);
    expect(result.issues.map(formatIssue)).toEqual([
      'demo.jsonl:2: field "delay": must be a number of milliseconds ≥ 0 (got -1)',
      'demo.jsonl:3: field "data": must be a string: the SSE data, JSON written as text (got 42)',
      'demo.jsonl:4: field "colour": unknown field (allowed: type, delay, event, id, data)',
    ]);
  });

  it('reports invalid JSON with its line', () => {
    expect(issuesOf(`${header}\n{"delay": 1,`)).toEqual([
      { line: 2, field: null, message: expect.stringMatching(/^not valid JSON/) },
    ]);
  });

  it('checks the header fields', () => {
    const bad = '{"type":"header","name":"Not Kebab","description":"","protocol":"grpc","keywords":[1]}';
    expect(issuesOf(`${bad}\n${frame({})}`).map((i) => i.field)).toEqual([
      'name',
      'description',
      'protocol',
      'keywords',
    ]);
    expect(issuesOf(frame({}))[0]).toMatchObject({ line: 1, field: 'type' });
  });

  it('keeps a recording object in the header, written back as it came, and refuses anything else there', () => {
    const recording = { by: '@toolstream/devtools', connections: [{ request: { method: 'POST' } }] };
    const recorded = header.replace(
      '{"type":"header",',
      `{"type":"header","recording":${JSON.stringify(recording)},`,
    );
    const result = validateScenarioText(`${recorded}\n${frame({})}`);
    expect(result.scenario?.header.recording).toEqual(recording);
    expect(serializeScenario(result.scenario!).split('\n')[0]).toContain(
      `"recording":${JSON.stringify(recording)}`,
    );
    const wrong = header.replace('{"type":"header",', '{"type":"header","recording":[1],');
    expect(issuesOf(`${wrong}\n${frame({})}`)).toEqual([
      { line: 1, field: 'recording', message: 'must be a JSON object (got [1])' },
    ]);
  });

  it('accepts the provider protocols and names every allowed protocol when one is wrong', () => {
    for (const protocol of PROVIDER_PROTOCOLS) {
      const text = `${header.replace('chat-message-response', protocol)}\n${frame({ data: '[DONE]' })}`;
      expect(validateScenarioText(text).scenario?.header.protocol, protocol).toBe(protocol);
    }
    const [issue] = issuesOf(`${header.replace('chat-message-response', 'openai')}\n${frame({})}`);
    expect(issue!.field).toBe('protocol');
    for (const protocol of SCENARIO_PROTOCOLS) expect(issue!.message).toContain(`"${protocol}"`);
  });

  it('requires the header name to match the file name when asked', () => {
    const result = validateScenarioText(`${header}\n${frame({})}`, {
      file: 'other.jsonl',
      expectedName: 'other',
    });
    expect(result.issues.map(formatIssue)).toEqual([
      'other.jsonl:1: field "name": must match the file name "other" (got "demo")',
    ]);
  });

  it('rejects an empty file, a file without frames and a second header', () => {
    expect(issuesOf('')).toEqual([{ line: 1, field: null, message: expect.stringContaining('empty') }]);
    expect(issuesOf(header)).toEqual([
      { line: 1, field: null, message: expect.stringContaining('no frames') },
    ]);
    expect(issuesOf(`${header}\n${header}`)).toEqual([
      { line: 2, field: 'type', message: expect.stringContaining('second header') },
    ]);
  });

  it('rejects ids and event names that would break the SSE framing', () => {
    expect(
      issuesOf(`${header}\n${frame({ id: 'a\nb' })}\n${frame({ event: 'x\ny' })}`).map((i) => i.field),
    ).toEqual(['id', 'event']);
  });

  it('rejects duplicate ids, counting frames without an id by position', () => {
    const text = [header, frame({ id: '2' }), frame({})].join('\n');
    expect(issuesOf(text)).toEqual([
      { line: 3, field: 'id', message: 'duplicate SSE id "2" (first used on line 2)' },
    ]);
  });

  it('parseScenario throws one error listing every issue', () => {
    const text = [header, frame({ delay: 'soon' }), frame({ data: null })].join('\n');
    expect(() => parseScenario(text, { file: 'x.jsonl' })).toThrow(ScenarioFormatError);
    try {
      parseScenario(text, { file: 'x.jsonl' });
    } catch (error) {
      expect((error as ScenarioFormatError).issues).toHaveLength(2);
      expect((error as Error).message).toContain('x.jsonl:2: field "delay"');
      expect((error as Error).message).toContain('x.jsonl:3: field "data"');
    }
  });
});

describe('serializeScenario and parseScenario', () => {
  const step = fc.oneof(
    fc.record(
      {
        delay: fc.nat({ max: 5000 }),
        event: fc.constantFrom('message', 'done', 'error', 'tool_start'),
        data: fc.string(),
      },
      { requiredKeys: ['delay', 'data'] },
    ),
    fc.record({ type: fc.constant('disconnect' as const), delay: fc.nat({ max: 5000 }) }),
  );
  const scenarios = fc
    .record({
      name: fc.stringMatching(/^[a-z0-9]+(-[a-z0-9]+){0,3}$/),
      description: fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
      protocol: fc.constantFrom(...SCENARIO_PROTOCOLS),
      steps: fc.array(step, { maxLength: 20 }),
    })
    .map(({ name, description, protocol, steps }): Scenario => {
      // At least one frame, with unique ids by position.
      let n = 0;
      const numbered = [...steps, { delay: 0, data: 'last' }].map((s) =>
        'type' in s ? s : { ...s, id: String(++n) },
      );
      return { header: { type: 'header', name, description, protocol }, steps: numbered };
    });

  it('round-trips any valid scenario', () => {
    fc.assert(
      fc.property(scenarios, (scenario) => {
        expect(validateScenario(scenario).ok).toBe(true);
        expect(parseScenario(serializeScenario(scenario))).toEqual(scenario);
      }),
    );
  });

  it('writes one line per step plus the header, ending with a newline', () => {
    fc.assert(
      fc.property(scenarios, (scenario) => {
        const text = serializeScenario(scenario);
        expect(text.endsWith('\n')).toBe(true);
        expect(text.trimEnd().split('\n')).toHaveLength(scenario.steps.length + 1);
      }),
    );
  });
});
