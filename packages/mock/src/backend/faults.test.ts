import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFaultBudget, type Faults, parseFaults } from './faults.js';

const parse = (query: string, headers: Record<string, string> = {}) =>
  parseFaults(new URL(`http://localhost/api/chat/stream${query}`), (name) => headers[name] ?? null);

describe('parseFaults: fault-times', () => {
  it('reads fault-times from the query or the X-Mock-Fault-Times header', () => {
    expect(parse('?fault=status:500&fault-times=1').faults).toEqual({ status: 500, times: 1 });
    expect(parse('', { 'x-mock-fault': 'drop-after:4', 'x-mock-fault-times': '2' }).faults).toEqual({
      dropAfter: 4,
      times: 2,
    });
    // The query wins over the header, as for retry-after.
    expect(parse('?fault=stall&fault-times=3', { 'x-mock-fault-times': '9' }).faults).toEqual({
      stallAfter: 0,
      times: 3,
    });
  });

  it('refuses a fault-times that is not a count', () => {
    for (const bad of ['-1', '1.5', 'once', 'Infinity']) {
      const parsed = parse(`?fault=status:500&fault-times=${bad}`);
      expect(parsed.faults, bad).toBeNull();
      expect(parsed.error).toContain(`fault-times "${bad}" needs a request count`);
    }
  });
});

describe('createFaultBudget', () => {
  it('applies the faults to the first N requests with the same switches, then none', () => {
    const budget = createFaultBudget();
    const spec: Faults = { status: 429, retryAfter: '1', times: 2 };
    expect(budget(spec)).toEqual({ status: 429, retryAfter: '1' });
    expect(budget({ ...spec })).toEqual({ status: 429, retryAfter: '1' });
    expect(budget({ ...spec })).toEqual({});
    expect(budget({ ...spec })).toEqual({});
  });

  it('counts each set of switches on its own, and leaves requests without fault-times alone', () => {
    const budget = createFaultBudget();
    expect(budget({ status: 500, times: 1 })).toEqual({ status: 500 });
    expect(budget({ status: 503, times: 1 })).toEqual({ status: 503 });
    expect(budget({ status: 500, times: 1 })).toEqual({});
    // Without fault-times a fault applies every time, and does not use up the budget above.
    expect(budget({ status: 503 })).toEqual({ status: 503 });
    expect(budget({ status: 503 })).toEqual({ status: 503 });
    expect(budget({ dropAfter: 2, times: 1 })).toEqual({ dropAfter: 2 });
  });

  it('separate budgets (separate backends) count separately', () => {
    const first = createFaultBudget();
    const second = createFaultBudget();
    expect(first({ status: 500, times: 1 })).toEqual({ status: 500 });
    expect(second({ status: 500, times: 1 })).toEqual({ status: 500 });
  });

  it('property: of any sequence of requests, each spec is faulted exactly min(times, requests) times', () => {
    const statuses = [429, 500, 503] as const;
    fc.assert(
      fc.property(
        fc.tuple(...statuses.map(() => fc.integer({ min: 0, max: 4 }))),
        fc.array(fc.constantFrom(0, 1, 2), { maxLength: 30 }),
        (times, order) => {
          const budget = createFaultBudget();
          const sent = [0, 0, 0];
          const faulted = [0, 0, 0];
          for (const index of order) {
            sent[index]!++;
            const status = statuses[index]!;
            if (budget({ status, times: times[index]! }).status === status) faulted[index]!++;
          }
          expect(faulted).toEqual(sent.map((count, index) => Math.min(times[index]!, count)));
        },
      ),
    );
  });
});
