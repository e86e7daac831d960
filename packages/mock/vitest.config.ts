import { defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@toolstream/source'] },
  // Node-environment tests resolve through Vite's server (SSR) conditions, not `resolve.conditions`.
  ssr: { resolve: { conditions: ['@toolstream/source', ...defaultServerConditions] } },
  test: {
    name: 'mock',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
