import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tools/chromium.js';

const dirname = path.dirname(fileURLToPath(import.meta.url));

/** Every story runs as a test (render + `play` + axe) in headless Debian Chromium. */
export const storybookProject = defineProject({
  plugins: [storybookTest({ configDir: dirname })],
  resolve: { conditions: ['@toolstream/source', ...defaultClientConditions] },
  // Pre-bundled up front: a dependency found only while tests run makes Vite re-bundle and
  // reload mid-run, and stories that loaded before then hold a second copy of React.
  optimizeDeps: {
    include: [
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      'zustand',
      'zustand/vanilla',
      'zustand/vanilla/shallow',
    ],
  },
  test: {
    name: 'storybook',
    // Stories replay streams on timers; a loaded 2-core machine needs room.
    testTimeout: 60_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
