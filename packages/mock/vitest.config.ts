import { defineProject } from 'vitest/config';
import { serverConditions } from '../../tools/vitest-conditions.js';

export default defineProject({
  resolve: { conditions: ['@toolstream/source'] },
  // Node-environment tests resolve through Vite's server (SSR) conditions, not `resolve.conditions`.
  // (Without `module`, as Vitest's defaults: see tools/vitest-conditions.ts.)
  ssr: { resolve: { conditions: ['@toolstream/source', ...serverConditions] } },
  test: {
    name: 'mock',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
