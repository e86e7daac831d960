import { isRecord } from '../frame-json.js';

type Segment = string | number;

/**
 * The segments of a simple RFC 9535 JSON path as Vertex `partialArgs` use them: `$.a.b`,
 * `$.list[0].name`, `$['key with spaces']`, `$["k"]`. `null` for anything else (filters,
 * wildcards, slices), which cannot name one place to write.
 */
export function parseJsonPath(path: string): Segment[] | null {
  if (!path.startsWith('$')) return null;
  const segments: Segment[] = [];
  let i = 1;
  while (i < path.length) {
    const char = path[i];
    if (char === '.') {
      const match = /^[A-Za-z_$\u0080-\uffff][\w$\u0080-\uffff-]*/.exec(path.slice(i + 1));
      if (match === null) return null;
      segments.push(match[0]);
      i += 1 + match[0].length;
    } else if (char === '[') {
      const rest = path.slice(i);
      const index = /^\[(\d+)\]/.exec(rest);
      const quoted = /^\[(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\]/.exec(rest);
      if (index !== null) {
        segments.push(Number(index[1]));
        i += index[0].length;
      } else if (quoted !== null) {
        segments.push((quoted[1] ?? quoted[2] ?? '').replace(/\\(.)/g, '$1'));
        i += quoted[0].length;
      } else {
        return null;
      }
    } else {
      return null;
    }
  }
  return segments;
}

/**
 * A copy of `root` with `value` at `path` (path copying: only the containers on the way are
 * copied, so earlier snapshots stay as they were). Missing containers are created; array gaps
 * are filled with `null`. `null` when the path is not supported or does not start with a key.
 */
export function setAtJsonPath(
  root: Record<string, unknown>,
  path: string,
  value: unknown,
): Record<string, unknown> | null {
  const segments = parseJsonPath(path);
  if (segments === null || typeof segments[0] !== 'string') return null;
  return setIn(root, segments, 0, value) as Record<string, unknown>;
}

function setIn(container: unknown, segments: Segment[], i: number, value: unknown): unknown {
  if (i === segments.length) return value;
  const segment = segments[i]!;
  if (typeof segment === 'number') {
    const array = Array.isArray(container) ? container.slice() : [];
    while (array.length < segment) array.push(null);
    array[segment] = setIn(array[segment], segments, i + 1, value);
    return array;
  }
  const object: Record<string, unknown> = isRecord(container) ? { ...container } : {};
  const current = Object.hasOwn(object, segment) ? object[segment] : undefined;
  Object.defineProperty(object, segment, {
    value: setIn(current, segments, i + 1, value),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return object;
}
