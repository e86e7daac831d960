import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { browserDeps, chromiumProvider, sourceResolve } from '../../.storybook/browser.js';

/**
 * The kit's behaviour where it needs a real browser's layout and scrolling (`*.browser.test.tsx`):
 * headless Chromium at 1280×860, the stylesheet loaded, public props only.
 */
export const uiBrowserProject = defineProject({
  plugins: [react()],
  resolve: sourceResolve,
  optimizeDeps: browserDeps,
  test: {
    name: 'ui-browser',
    include: ['packages/ui/src/**/*.browser.test.tsx'],
    testTimeout: 60_000,
    browser: {
      enabled: true,
      headless: true,
      provider: chromiumProvider(),
      instances: [{ browser: 'chromium', viewport: { width: 1280, height: 860 } }],
    },
  },
});
