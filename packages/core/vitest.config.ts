import { defineProject } from 'vitest/config';
import { sourceResolution } from '../../tools/vitest-conditions.js';

export default defineProject({
  ...sourceResolution,
  test: {
    name: 'core',
    environment: 'node',
    // Property tests run hundreds of cases; a loaded 2-core CI machine needs room.
    testTimeout: 30_000,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
