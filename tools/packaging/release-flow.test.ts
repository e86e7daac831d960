import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHED, REPO } from './packages.js';

const run = promisify(execFile);

/**
 * The release flow on a copy of the workspace's manifests: a changeset for one package makes
 * `changeset version` move all five to one new version (they are `fixed`), with every exact
 * internal dependency, the private apps' included, rewritten to it.
 */
const WORKSPACES = [...PUBLISHED.map(({ folder }) => `packages/${folder}`), 'apps/demo', 'apps/next-example'];
let copy: string;

beforeAll(async () => {
  copy = await mkdtemp(join(tmpdir(), 'toolstream-release-'));
  await cp(join(REPO, 'package.json'), join(copy, 'package.json'));
  await cp(join(REPO, '.changeset'), join(copy, '.changeset'), { recursive: true });
  for (const workspace of WORKSPACES) {
    await mkdir(join(copy, workspace), { recursive: true });
    await cp(join(REPO, workspace, 'package.json'), join(copy, workspace, 'package.json'));
  }
  await symlink(join(REPO, 'node_modules'), join(copy, 'node_modules'));
  await writeFile(
    join(copy, '.changeset/only-core.md'),
    '---\n"@toolstream/core": patch\n---\n\nA fix in the core alone.\n',
  );
});

afterAll(async () => {
  if (copy !== undefined) await rm(copy, { recursive: true, force: true });
});

const manifest = async (workspace: string) =>
  JSON.parse(await readFile(join(copy, workspace, 'package.json'), 'utf8')) as {
    version: string;
    dependencies?: Record<string, string>;
  };

describe('the release flow (changesets)', () => {
  it('versions the five packages together and rewrites their pins to each other', async () => {
    const before = (await manifest('packages/core')).version;
    await run(process.execPath, [join(REPO, 'node_modules/@changesets/cli/bin.js'), 'version'], {
      cwd: copy,
    });
    const versions = await Promise.all(
      PUBLISHED.map(async ({ folder }) => (await manifest(`packages/${folder}`)).version),
    );
    expect(new Set(versions).size).toBe(1);
    expect(versions[0]).not.toBe(before);
    for (const workspace of WORKSPACES) {
      const pins = Object.entries((await manifest(workspace)).dependencies ?? {}).filter(([name]) =>
        name.startsWith('@toolstream/'),
      );
      for (const [name, range] of pins)
        expect(`${workspace} → ${name}@${range}`).toBe(`${workspace} → ${name}@${versions[0]}`);
    }
    expect(await readFile(join(copy, 'packages/ui/CHANGELOG.md'), 'utf8')).toContain(versions[0]);
  });
});
