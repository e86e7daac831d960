import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@toolstream/source'] },
  test: {
    name: 'ui',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Screenshot tests run in Chromium (the `visual` project), not in jsdom.
    exclude: [...configDefaults.exclude, 'src/**/*.visual.test.tsx'],
    setupFiles: ['./src/test-utils/setup.ts'],
  },
});
