import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { PACK_DIR, type PackedPackage, type PackedPackages, PUBLISHED, REPO } from './packages.js';

const run = promisify(execFile);

/**
 * Packs every published package once, as `npm publish` would (`prepack` builds it and writes
 * the published package.json; `postpack` restores the repository's), and unpacks each tarball,
 * for the checks to read. Two at a time: a build is mostly one busy core.
 */
export default async function setup(project: TestProject) {
  rmSync(PACK_DIR, { recursive: true, force: true });
  mkdirSync(PACK_DIR, { recursive: true });
  const queue = [...PUBLISHED];
  const packed: Partial<PackedPackages> = {};
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      packed[next.folder] = await pack(next.folder, next.name);
    }
  };
  await Promise.all([worker(), worker()]);
  project.provide('packed', packed as PackedPackages);
}

async function pack(folder: PackedPackage['folder'], name: string): Promise<PackedPackage> {
  const cwd = join(REPO, 'packages', folder);
  const manifestBefore = readFileSync(join(cwd, 'package.json'), 'utf8');
  let packed: PackedPackage;
  try {
    packed = await packAndUnpack(cwd, folder, name, manifestBefore);
  } finally {
    // A pack that failed after `prepack` leaves the published package.json in place.
    if (existsSync(join(cwd, 'package.json.backup'))) await run('npx', ['clean-package', 'restore'], { cwd });
  }
  if (readFileSync(join(cwd, 'package.json'), 'utf8') !== manifestBefore) {
    throw new Error(`npm pack changed packages/${folder}/package.json`);
  }
  return packed;
}

async function packAndUnpack(
  cwd: string,
  folder: PackedPackage['folder'],
  name: string,
  manifest: string,
): Promise<PackedPackage> {
  await run('npm', ['pack', '--pack-destination', PACK_DIR], { cwd, maxBuffer: 64 * 1024 * 1024 });
  const { version } = JSON.parse(manifest) as { version: string };
  const tarball = join(PACK_DIR, `${name.slice(1).replace('/', '-')}-${version}.tgz`);
  const dir = join(PACK_DIR, folder);
  mkdirSync(dir, { recursive: true });
  await run('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1']);
  const { stdout } = await run('tar', ['-tzf', tarball]);
  const files = stdout
    .split('\n')
    .filter((line) => line !== '' && !line.endsWith('/'))
    .map((line) => line.replace(/^package\//, ''))
    .sort();
  return { folder, name, tarball, dir, files };
}
