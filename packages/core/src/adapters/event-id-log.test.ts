import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventIdLog } from './event-id-log.js';

describe('EventIdLog', () => {
  it('treats increasing integer ids as a sequence: anything at or below the highest is a replay', () => {
    const log = new EventIdLog();
    expect(log.addIfNew('1')).toBe(true);
    expect(log.addIfNew('2')).toBe(true);
    expect(log.addIfNew('5')).toBe(true);
    expect(log.addIfNew('2')).toBe(false);
    expect(log.addIfNew('5')).toBe(false);
    expect(log.addIfNew('6')).toBe(true);
    expect(log.has('4')).toBe(true);
    expect(log.has('7')).toBe(false);
  });

  it('remembers other ids one by one', () => {
    const log = new EventIdLog(['evt-a']);
    expect(log.has('evt-a')).toBe(true);
    expect(log.addIfNew('evt-b')).toBe(true);
    expect(log.addIfNew('evt-b')).toBe(false);
    expect(log.addIfNew('evt-0')).toBe(true);
  });

  it('does not confuse non-canonical numbers with the sequence', () => {
    const log = new EventIdLog(['10']);
    expect(log.addIfNew('007')).toBe(true);
    expect(log.addIfNew('007')).toBe(false);
    expect(log.addIfNew('-3')).toBe(true);
    expect(log.addIfNew('1e3')).toBe(true);
    expect(log.addIfNew('12345678901234567890')).toBe(true);
    expect(log.addIfNew('12345678901234567890')).toBe(false);
  });

  it('clones independently', () => {
    const log = new EventIdLog(['3', 'x']);
    const copy = log.clone();
    copy.add('9');
    copy.add('y');
    expect(copy.has('8')).toBe(true);
    expect(log.has('8')).toBe(false);
    expect(log.has('y')).toBe(false);
    expect(copy.has('x')).toBe(true);
  });

  it('agrees with a plain set on any increasing sequence replayed in any order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat({ max: 10_000 }), { minLength: 1, maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 60 }),
        (numbers, replayPicks) => {
          const ids = [...numbers].sort((a, b) => a - b).map(String);
          const log = new EventIdLog();
          const seen = new Set<string>();
          for (const [i, id] of ids.entries()) {
            expect(log.addIfNew(id)).toBe(!seen.has(id));
            seen.add(id);
            // Replays of anything sent so far are recognised.
            const pick = replayPicks[i];
            if (pick !== undefined) expect(log.addIfNew(ids[pick % (i + 1)]!)).toBe(false);
          }
        },
      ),
    );
  });
});
