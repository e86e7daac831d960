import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@toolstream/source'] },
  test: {
    name: 'ui',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Screenshot and browser tests run in Chromium (the `visual` and `ui-browser` projects).
    exclude: [...configDefaults.exclude, 'src/**/*.visual.test.tsx', 'src/**/*.browser.test.tsx'],
    setupFiles: ['./src/test-utils/setup.ts'],
  },
});
