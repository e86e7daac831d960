import { playwright } from '@vitest/browser-playwright';
import { defaultClientConditions } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tools/chromium.js';

/** What the two browser projects (stories and screenshots) share: resolution, deps, the browser. */

/** Workspace packages from source, as the unit tests and Storybook read them. */
export const sourceResolve = { conditions: ['@toolstream/source', ...defaultClientConditions] };

/**
 * Pre-bundled up front: a dependency found only while tests run makes Vite re-bundle and reload
 * mid-run, and stories that loaded before then hold a second copy of React.
 */
export const browserDeps = {
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
};

/** Debian's headless Chromium, with the project's flags. */
export const chromiumProvider = () =>
  playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } });
