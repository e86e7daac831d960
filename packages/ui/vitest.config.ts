import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@toolstream/source'] },
  test: {
    name: 'ui',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-utils/setup.ts'],
  },
});
