import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { withFrame } from '../stories/story-store.js';
import { Citations } from './citations.js';

/** An answer's sources: titles (and the site) where the stream gave them, quotes, links only for http(s). */
const meta = {
  title: 'Parts/Citations',
  component: Citations,
  argTypes: {
    citations: { control: 'object', description: '`{ source, title?, quote? }` objects.' },
    label: { control: 'text' },
  },
  decorators: [withFrame(560)],
} satisfies Meta<typeof Citations>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Web sources with titles and a quoted passage, and a file. */
export const WithTitlesAndQuotes: Story = {
  args: {
    citations: [
      {
        source: 'https://confluence.example.com/eng/onboarding',
        title: 'Onboarding guide',
        quote: 'Week 1 — accounts, laptop and your buddy.',
      },
      { source: 'https://www.example.com/handbook', title: 'Employee handbook' },
      { source: 'laptop-setup.pdf' },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Onboarding guide' })).toBeInTheDocument();
    await expect(
      within(canvasElement).getByText('Week 1 — accounts, laptop and your buddy.'),
    ).toBeInTheDocument();
  },
};

/** Only http(s) URLs become links; file names and unsafe values are text. */
export const UnsafeSources: Story = {
  args: {
    citations: [
      { source: 'https://confluence.example.com/eng/onboarding' },
      { source: 'laptop-setup.pdf' },
      { source: 'javascript:alert(document.cookie)', title: 'Click me' },
      { source: 'http://intranet.example/handbook' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const links = canvas.getAllByRole('link');
    await expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://confluence.example.com/eng/onboarding',
      'http://intranet.example/handbook',
    ]);
    await expect(canvas.getByText('Click me').closest('a')).toBeNull();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: WithTitlesAndQuotes.args,
};
