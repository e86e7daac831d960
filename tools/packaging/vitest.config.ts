import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The packaging checks (`npm run test:packages`): every package packed as it would be
 * published, then checked as a user gets it — tarball contents, publint, are-the-types-wrong,
 * size budgets, the mock without msw, the widget's types and its bundle in Chromium, and the
 * Next.js example built with webpack and Turbopack. Not part of `vitest run`: it builds, and
 * takes minutes. One file at a time: builds and browsers each want the machine.
 */
export default defineConfig({
  root: resolve(import.meta.dirname, '../..'),
  test: {
    name: 'packaging',
    environment: 'node',
    include: ['tools/packaging/**/*.test.ts', 'packages/widget/test/**/*.test.ts'],
    globalSetup: ['tools/packaging/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 600_000,
  },
});
