import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
// The packaging checks' global setup packs the package and provides where it unpacked it.
import type {} from '../../../tools/packaging/packages.js';

/** The bundles as published (dist/ of the packed tarball), as text. */
export interface ShippedWidget {
  esm: string;
  iife: string;
  /** The devtools' classic script the `devtools` attribute loads. */
  devtools: string;
}

/**
 * Reads the widget's bundles from the tarball `npm pack` made (tools/packaging/global-setup.ts),
 * so the browser test drives exactly the file a page would load from the registry.
 */
export async function shippedWidget(): Promise<ShippedWidget> {
  const { dir } = inject('packed').widget;
  const [esm, iife, devtools] = await Promise.all([
    readFile(join(dir, 'dist/widget.js'), 'utf8'),
    readFile(join(dir, 'dist/widget.iife.js'), 'utf8'),
    readFile(join(dir, 'dist/devtools.iife.js'), 'utf8'),
  ]);
  return { esm, iife, devtools };
}
