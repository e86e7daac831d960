import { describe, expect, it } from 'vitest';
import { scenario } from './builder.js';
import { builtinScenarios, createScenarioLibrary, summarize } from './library.js';

describe('built-in library', () => {
  const library = builtinScenarios();

  it('has at least 12 described scenarios, including the ones the issue asks for', () => {
    const list = library.list();
    expect(list.length).toBeGreaterThanOrEqual(12);
    for (const summary of list) expect(summary.description.trim().length, summary.name).toBeGreaterThan(20);
    expect(library.names()).toEqual(
      expect.arrayContaining([
        'subagent-delegation',
        'nested-delegation',
        'single-call',
        'parallel-calls',
        'react-streamed',
        'react-final-only',
        'return-direct',
        'failing-tool',
        'guard-rejection',
        'timeout',
        'mid-stream-disconnect',
        'malformed-frames',
        'long-run',
        'typed-events',
        'xss-payloads',
      ]),
    );
  });

  it('matches a named scenario first, then keywords, case-insensitively', () => {
    expect(library.match('please play nested-delegation')).toBe('nested-delegation');
    expect(library.match('Find the onboarding page in Confluence')).toBe('nested-delegation');
    expect(library.match('What is the WEATHER in Seoul?')).toBe('single-call');
    expect(library.match('hello there')).toBeUndefined();
  });

  it('builds each scenario once', () => {
    expect(library.get('single-call')).toBe(library.get('single-call'));
    expect(library.get('nope')).toBeUndefined();
  });
});

describe('createScenarioLibrary', () => {
  it('lets a later entry replace an earlier one of the same name', () => {
    const first = scenario('same', 'First version.').text('1').build();
    const second = scenario('same', 'Second version.').text('2').build();
    const library = createScenarioLibrary([first, second]);
    expect(library.names()).toEqual(['same']);
    expect(library.get('same')).toBe(second);
  });

  it('builds a lazy entry only when asked for', () => {
    let builds = 0;
    const library = createScenarioLibrary([
      {
        name: 'lazy',
        load: () => {
          builds++;
          return scenario('lazy', 'Lazy one.').text('x').build();
        },
      },
    ]);
    expect(library.has('lazy')).toBe(true);
    expect(builds).toBe(0);
    library.get('lazy');
    library.get('lazy');
    expect(builds).toBe(1);
  });
});

describe('long-run summary', () => {
  it('is what the built scenario says', () => {
    const library = builtinScenarios();
    const listed = library.list().find((summary) => summary.name === 'long-run')!;
    expect(listed).toEqual(summarize(library.get('long-run')!));
  });
});
