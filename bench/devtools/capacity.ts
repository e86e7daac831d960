/**
 * How much the devtools panel holds and stays smooth: the bench's 20 MB run (37,000 frames) read
 * into a store with the devtools attached, then the panel opened on its frames, scrolled a screenful
 * per animation frame, searched; and the same run streamed in live with the panel open. Headless
 * Chromium, a production build. `npm run bench:devtools` (BENCH_SIZE_MB=20, BENCH_RUNS=3).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tools/chromium.js';
import { buildPage } from '../render/build-page.js';
import { serveStatic } from '../render/static-server.js';
import { generateWorkload } from '../workload.js';
import type { CapacityResult } from './page/main.js';

const sizeMb = Number(process.env.BENCH_SIZE_MB || 20);
const runs = Number(process.env.BENCH_RUNS || 3);
const dir = await mkdtemp(join(tmpdir(), 'toolstream-devtools-capacity-'));
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const loadBefore = load();
await buildPage(dir, join(import.meta.dirname, 'page'));
await writeFile(join(dir, 'run.sse'), generateWorkload(sizeMb * 1e6, 0x7001).bytes);
const server = await serveStatic(dir);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (let i = 0; i < runs; i++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.goto(`${server.url}/index.html`);
    const result = await page.evaluate(
      () => (window as unknown as { __capacity: Promise<CapacityResult> }).__capacity,
    );
    console.log(
      `run ${i + 1}: ${result.frames} frames, ${(result.bytes / 1e6).toFixed(1)} MB; ingest ${result.ingestMs.toFixed(0)} ms; ` +
        `open ${result.openMs.toFixed(0)} ms; idle ${result.idle.fps.toFixed(1)} fps; scroll ${result.scroll.fps.toFixed(1)} fps (worst ${result.scroll.worstMs.toFixed(0)} ms, ${result.scroll.frames} frames); ` +
        `search ${result.searchMs.toFixed(0)} ms; live ${result.live.fps.toFixed(1)} fps (worst ${result.live.worstMs.toFixed(0)} ms, ${result.live.frames} frames)`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
  console.log(`load average before ${loadBefore}, after ${load()}`);
}
