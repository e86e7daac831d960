import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tools/chromium.js';

/**
 * Visual regression: the key stories rendered in headless Chromium and compared with committed
 * screenshots (`__screenshots__` beside the test). A visual change is a reviewed change: update
 * the baselines with `npx vitest run --project visual --update` and commit them.
 */
export const visualProject = defineProject({
  plugins: [react()],
  resolve: { conditions: ['@toolstream/source', ...defaultClientConditions] },
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
    name: 'visual',
    include: ['packages/ui/src/**/*.visual.test.tsx'],
    testTimeout: 60_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } }),
      instances: [{ browser: 'chromium', viewport: { width: 1280, height: 900 } }],
      expect: {
        toMatchScreenshot: {
          comparatorName: 'pixelmatch',
          // Anti-aliasing may differ by a pixel here and there between Chromium builds; a change
          // anyone would notice moves far more.
          comparatorOptions: { threshold: 0.2, allowedMismatchedPixelRatio: 0.002 },
          screenshotOptions: { animations: 'disabled', caret: 'hide', scale: 'css' },
        },
      },
    },
  },
});
