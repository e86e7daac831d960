import '@fontsource-variable/inter';
import '@fontsource-variable/jetbrains-mono';
import type { Preview } from '@storybook/react-vite';
import '../packages/ui/src/styles.css';
import './preview.css';
import { mswLoader } from './msw.js';

/** Waits for the bundled fonts, so a story is measured (and screenshotted) in its real font. */
const fontsLoader = async () => {
  await document.fonts.ready;
  return {};
};

const preview: Preview = {
  // Every component gets a docs page from its TSDoc, its props table and its stories.
  tags: ['autodocs'],
  parameters: {
    layout: 'padded',
    controls: { expanded: true, sort: 'requiredFirst' },
    // Every story is also an accessibility test: violations fail it.
    a11y: { test: 'error' },
    docs: { codePanel: true },
    options: {
      storySort: {
        order: ['Introduction', 'Chat', 'Components', 'Parts', 'Scenarios'],
      },
    },
  },
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light' },
  // Starts the MSW worker for stories that set `parameters.msw.handlers` (see msw.ts).
  loaders: [fontsLoader, mswLoader],
  decorators: [
    (Story, context) => (
      <div data-theme={context.globals.theme === 'dark' ? 'dark' : 'light'} className="ts-story-root">
        <Story />
      </div>
    ),
  ],
};

export default preview;
