import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@toolstream/source'] },
  test: {
    name: 'core',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
