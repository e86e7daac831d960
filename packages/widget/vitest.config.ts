import { defineProject } from 'vitest/config';
import { sourceResolution } from '../../tools/vitest-conditions.js';

export default defineProject({
  ...sourceResolution,
  // So that `vitest run -c packages/widget/vitest.config.ts` from the repository root finds the tests.
  root: import.meta.dirname,
  test: {
    name: 'widget',
    environment: 'jsdom',
    // jsdom tests of the sources (with React). The browser test (test/) drives the packed bundle
    // (Preact) in Chromium; `npm run test:packages` runs it, after packing.
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-utils/setup.ts'],
    // The widget imports the kit's stylesheet as text (`?inline`); Vitest blanks CSS unless told.
    css: true,
  },
});
