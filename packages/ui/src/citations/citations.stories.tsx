import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Citations } from './citations.js';

const meta = {
  title: 'Components/Citations',
  component: Citations,
} satisfies Meta<typeof Citations>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Only http(s) URLs become links; file names and unsafe values are text. */
export const Mixed: Story = {
  args: {
    citations: [
      'https://confluence.example.com/eng/onboarding',
      'laptop-setup.pdf',
      'javascript:alert(document.cookie)',
      'http://intranet.example/handbook',
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const links = canvas.getAllByRole('link');
    await expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://confluence.example.com/eng/onboarding',
      'http://intranet.example/handbook',
    ]);
    await expect(canvas.getByText('javascript:alert(document.cookie)').closest('a')).toBeNull();
  },
};

/** Nothing to cite renders nothing. */
export const Empty: Story = {
  args: { citations: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="citations"]')).toBeNull();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { citations: ['https://confluence.example.com/eng/onboarding', 'laptop-setup.pdf'] },
};
