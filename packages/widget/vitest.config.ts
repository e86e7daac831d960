import { defineProject } from 'vitest/config';
import { sourceResolution } from '../../tools/vitest-conditions.js';

export default defineProject({
  ...sourceResolution,
  // So that `vitest run -c packages/widget/vitest.config.ts` from the repository root finds the tests.
  root: import.meta.dirname,
  test: {
    name: 'widget',
    environment: 'jsdom',
    // The browser test (test/) builds the bundle and drives Chromium; it runs in node.
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    setupFiles: ['./src/test-utils/setup.ts'],
    // The widget imports the kit's stylesheet as text (`?inline`); Vitest blanks CSS unless told.
    css: true,
  },
});
