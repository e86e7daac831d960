// Writes the widget's type declarations into dist/ (run after the two `vite build`s).
//
// The bundle contains the core, the React bindings and the kit, so the package depends on none
// of them, and its declarations cannot import their types either: dts-bundle-generator writes
// one self-contained `index.d.ts` with the types it uses from them inlined. It reads those
// packages' sources, mapped with `paths` from their `@toolstream/source` export conditions: a
// package reached through node_modules would count as an external library, whose sources
// TypeScript does not compile. `widget.iife.d.ts` and `jsx.d.ts` are small hand-written files.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const packages = resolve(root, '..');
const dist = join(root, 'dist');
const generator = createRequire(import.meta.url).resolve(
  'dts-bundle-generator/dist/bin/dts-bundle-generator.js',
);

/** `paths` for every export of the bundled workspace packages, to its source file. */
function sourcePaths() {
  const paths = {};
  for (const folder of ['core', 'react', 'ui']) {
    const manifest = JSON.parse(readFileSync(join(packages, folder, 'package.json'), 'utf8'));
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      const source = typeof target === 'object' ? target['@toolstream/source'] : undefined;
      if (source !== undefined) paths[join(manifest.name, subpath)] = [join(packages, folder, source)];
    }
  }
  return paths;
}

const work = mkdtempSync(join(tmpdir(), 'toolstream-widget-types-'));
try {
  const project = join(work, 'tsconfig.json');
  writeFileSync(
    project,
    JSON.stringify({
      extends: join(root, 'tsconfig.build.json'),
      compilerOptions: { paths: sourcePaths() },
      include: [join(root, 'src')],
      exclude: [
        join(root, 'src/**/*.test.ts'),
        join(root, 'src/**/*.test.tsx'),
        join(root, 'src/test-utils'),
      ],
    }),
  );
  execFileSync(
    process.execPath,
    [
      generator,
      '--silent',
      '--project',
      project,
      '--no-banner',
      '--inline-declare-global',
      '-o',
      join(dist, 'index.d.ts'),
      join(root, 'src/index.ts'),
    ],
    { stdio: 'inherit' },
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
for (const file of ['widget.iife.d.ts', 'jsx.d.ts'])
  copyFileSync(join(root, 'types', file), join(dist, file));
// `@toolstream/widget/jsx` is types only; importing it at run time must still work.
writeFileSync(join(dist, 'jsx.js'), 'export {};\n');
