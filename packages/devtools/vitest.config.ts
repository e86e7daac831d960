import { configDefaults, defineProject } from 'vitest/config';
import { serverConditions } from '../../tools/vitest-conditions.js';

/** The recording, export and import in Node (MSW and the mock's server); the panel's own tests run in Chromium. */
export default defineProject({
  resolve: { conditions: ['@toolstream/source'] },
  ssr: { resolve: { conditions: ['@toolstream/source', ...serverConditions] } },
  test: {
    name: 'devtools',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'src/**/*.browser.test.tsx', 'src/**/*.visual.test.tsx'],
    testTimeout: 60_000,
  },
});
