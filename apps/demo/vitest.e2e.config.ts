import { defineProject } from 'vitest/config';
import { sourceResolution } from '../../tools/vitest-conditions.js';

/**
 * End-to-end tests: the built demo in headless Chromium (playwright-core), against the real
 * mock server on loopback. One file at a time, so only one Chromium runs on a small machine.
 *
 *   npx vitest run -c apps/demo/vitest.e2e.config.ts
 */
export default defineProject({
  ...sourceResolution,
  root: import.meta.dirname,
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['./e2e/global-setup.ts'],
    testTimeout: 45_000,
    hookTimeout: 45_000,
    fileParallelism: false,
  },
});
