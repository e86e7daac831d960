import { describe, expect, it } from 'vitest';
import { parseJsonPath, setAtJsonPath } from './json-path.js';

describe('JSON paths of Vertex partialArgs', () => {
  it('parses member, index and quoted segments', () => {
    expect(parseJsonPath('$.a.b')).toEqual(['a', 'b']);
    expect(parseJsonPath('$.operations[0].action')).toEqual(['operations', 0, 'action']);
    expect(parseJsonPath(`$['a b']["c\\"d"]`)).toEqual(['a b', 'c"d']);
    expect(parseJsonPath('$')).toEqual([]);
  });

  it('rejects what cannot name one place', () => {
    for (const path of ['a.b', '$..a', '$.*', '$[?(@.x)]', '$[0:2]', '$.'])
      expect(parseJsonPath(path)).toBeNull();
  });

  it('writes by copying only the containers on the way', () => {
    const before = { keep: { x: 1 }, list: [{ a: 1 }] };
    const after = setAtJsonPath(before, '$.list[2].b', 'v')!;
    expect(after).toEqual({ keep: { x: 1 }, list: [{ a: 1 }, null, { b: 'v' }] });
    expect(before).toEqual({ keep: { x: 1 }, list: [{ a: 1 }] });
    expect(after.keep).toBe(before.keep);
    expect((after.list as unknown[])[0]).toBe(before.list[0]);
  });

  it('makes __proto__ an own key, as JSON does', () => {
    const after = setAtJsonPath({}, "$['__proto__'].x", 1)!;
    expect(Object.hasOwn(after, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(after)).toBe(Object.prototype);
  });

  it('needs a key first', () => {
    expect(setAtJsonPath({}, '$[0]', 1)).toBeNull();
  });
});
