import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { browserDeps, chromiumProvider, sourceResolve } from './browser.js';

/**
 * Visual regression: the key stories rendered in headless Chromium and compared with committed
 * screenshots (`__screenshots__` beside the test). A visual change is a reviewed change: update
 * the baselines with `npx vitest run --project visual --update` and commit them.
 */
export const visualProject = defineProject({
  plugins: [react()],
  resolve: sourceResolve,
  optimizeDeps: browserDeps,
  test: {
    name: 'visual',
    include: ['packages/ui/src/**/*.visual.test.tsx', 'packages/devtools/src/**/*.visual.test.tsx'],
    testTimeout: 60_000,
    browser: {
      enabled: true,
      headless: true,
      provider: chromiumProvider(),
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
