// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every package's shipped sources (tests, stories and test helpers left out). */
const packagesDir = new URL('../../', import.meta.url).pathname;
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
const files = readdirSync(packagesDir).flatMap((name) => {
  try {
    return sources(join(packagesDir, name, 'src'));
  } catch {
    return []; // a folder without src/
  }
});

/**
 * Stream content is rendered as text or as sanitized markdown, never handed to the DOM as HTML:
 * no code of ours has an HTML sink a string could reach (PROTOCOL.md, security).
 */
describe('HTML sinks in the packages’ sources', () => {
  it('reads the sources of every package', () => {
    const folders = new Set(files.map((file) => relative(packagesDir, file).split('/')[0]));
    expect([...folders].sort()).toEqual(['core', 'mock', 'react', 'ui', 'widget']);
  });

  it('has none: no dangerouslySetInnerHTML, innerHTML, outerHTML, insertAdjacentHTML or document.write', () => {
    const sink = /dangerouslySetInnerHTML|\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write/;
    const found = files.filter((file) => sink.test(readFileSync(file, 'utf8')));
    expect(found.map((file) => relative(packagesDir, file))).toEqual([]);
  });
});
