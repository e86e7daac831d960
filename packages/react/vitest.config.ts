import { defineProject } from 'vitest/config';
import { sourceResolution } from '../../tools/vitest-conditions.js';

export default defineProject({
  ...sourceResolution,
  test: {
    name: 'react',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
  },
});
