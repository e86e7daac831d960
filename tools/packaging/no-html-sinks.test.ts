import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLISHED, REPO } from './packages.js';

/** A folder's TypeScript sources, tests, stories and node_modules left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every published package's shipped sources. */
const files = PUBLISHED.flatMap(({ folder }) => sources(join(REPO, 'packages', folder, 'src')));

/**
 * Stream content is rendered as text or as sanitized markdown, never handed to the DOM as HTML:
 * no code of ours has an HTML sink a string could reach (PROTOCOL.md, security). The check lives
 * here, outside the packages, so that no file in them so much as names a sink.
 */
describe('HTML sinks in the packages’ sources', () => {
  it('reads the sources of every published package', () => {
    const folders = new Set(files.map((file) => relative(join(REPO, 'packages'), file).split('/')[0]));
    expect([...folders].sort()).toEqual(PUBLISHED.map(({ folder }) => folder).sort());
    expect(files.length).toBeGreaterThan(50);
  });

  it('has none: no React prop for raw HTML, innerHTML, outerHTML, insertAdjacentHTML or document.write', () => {
    const sink = /dangerouslySetInnerHTML|\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write/;
    const found = files.filter((file) => sink.test(readFileSync(file, 'utf8')));
    expect(found.map((file) => relative(REPO, file))).toEqual([]);
  });
});
