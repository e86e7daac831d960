import { defineProject } from 'vitest/config';
import { sourceResolution } from '../../tools/vitest-conditions.js';

export default defineProject({
  ...sourceResolution,
  test: {
    name: 'core',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
