import type { Preview } from '@storybook/react-vite';
import '../packages/ui/src/styles.css';
import { mswLoader } from './msw.js';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    // Every story is also an accessibility test: violations fail it.
    a11y: { test: 'error' },
  },
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light' },
  // Starts the MSW worker for stories that set `parameters.msw.handlers` (see msw.ts).
  loaders: [mswLoader],
  decorators: [
    (Story, context) => (
      <div data-theme={context.globals.theme === 'dark' ? 'dark' : 'light'} className="ts-story-root">
        <Story />
      </div>
    ),
  ],
};

export default preview;
