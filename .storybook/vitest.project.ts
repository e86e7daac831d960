import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { defineProject } from 'vitest/config';
import { browserDeps, chromiumProvider, sourceResolve } from './browser.js';

const dirname = path.dirname(fileURLToPath(import.meta.url));

/** Every story runs as a test (render + `play` + axe) in headless Debian Chromium. */
export const storybookProject = defineProject({
  plugins: [storybookTest({ configDir: dirname })],
  resolve: sourceResolve,
  optimizeDeps: browserDeps,
  test: {
    name: 'storybook',
    // Stories replay streams on timers; a loaded 2-core machine needs room.
    testTimeout: 60_000,
    browser: {
      enabled: true,
      headless: true,
      provider: chromiumProvider(),
      instances: [{ browser: 'chromium' }],
    },
  },
});
