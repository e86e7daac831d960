// Prints the raw and gzipped sizes of the built widget files (run after `vite build`).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

for (const file of ['widget.js', 'widget.iife.js']) {
  const bytes = readFileSync(join(dist, file));
  const gzipped = gzipSync(bytes, { level: 9 }).length;
  console.log(
    `${`dist/${file}`.padEnd(22)} ${kib(bytes.length).padStart(10)}   gzip ${kib(gzipped).padStart(9)}`,
  );
}
