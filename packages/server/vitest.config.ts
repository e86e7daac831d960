import { defineProject } from 'vitest/config';
import { serverConditions } from '../../tools/vitest-conditions.js';

export default defineProject({
  resolve: { conditions: ['@toolstream/source'] },
  ssr: { resolve: { conditions: ['@toolstream/source', ...serverConditions] } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
