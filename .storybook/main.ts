import type { StorybookConfig } from '@storybook/react-vite';
import { defaultClientConditions, mergeConfig } from 'vite';

const config: StorybookConfig = {
  stories: ['../packages/*/src/**/*.mdx', '../packages/*/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-vitest', '@storybook/addon-a11y'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // The MSW worker script (`mockServiceWorker.js`) is served at the root, for `msw.ts`; the
  // storybookTest plugin mounts these directories on the Vitest browser server too.
  staticDirs: ['../apps/demo/public'],
  async viteFinal(viteConfig) {
    // Resolve workspace packages to their sources, as the tests do.
    return mergeConfig(viteConfig, {
      resolve: { conditions: ['@toolstream/source', ...defaultClientConditions] },
    });
  },
};

export default config;
