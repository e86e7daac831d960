import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository's root folder. */
export const REPO = resolve(import.meta.dirname, '../..');

/** Where the packaging checks pack and unpack the packages (ignored by git). */
export const PACK_DIR = join(REPO, '.artifacts/packages');

/** The published packages: their folder under `packages/` and their npm name. */
export const PUBLISHED = [
  { folder: 'core', name: '@toolstream/core' },
  { folder: 'react', name: '@toolstream/react' },
  { folder: 'ui', name: '@toolstream/ui' },
  { folder: 'mock', name: '@toolstream/mock' },
  { folder: 'server', name: '@toolstream/server' },
  { folder: 'widget', name: '@toolstream/widget' },
] as const;

export type PackageFolder = (typeof PUBLISHED)[number]['folder'];

/** One packed package: the tarball `npm pack` wrote, and the folder it was unpacked into. */
export interface PackedPackage {
  folder: PackageFolder;
  name: string;
  tarball: string;
  /** The unpacked tarball (its `package/` folder), as it lands in a user's node_modules. */
  dir: string;
  /** Every file in the tarball, relative to `dir`. */
  files: string[];
}

export type PackedPackages = Record<PackageFolder, PackedPackage>;

declare module 'vitest' {
  export interface ProvidedContext {
    packed: PackedPackages;
  }
}

/** A package.json, as read from disk. */
// biome-ignore lint/suspicious/noExplicitAny: manifests are arbitrary JSON, read field by field
export type Manifest = Record<string, any>;

export function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
}
