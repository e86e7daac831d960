import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { longMarkdown } from '../stories/scenarios.js';
import { Markdown } from './markdown.js';

const meta = {
  title: 'Components/Markdown',
  component: Markdown,
} satisfies Meta<typeof Markdown>;

export default meta;
type Story = StoryObj<typeof meta>;

const RICH = `## Onboarding

The guide has **three** parts, see [the handbook](https://example.com/handbook):

1. Accounts
2. Laptop \`setup\`
3. Buddy

| Week | Focus |
| --- | --- |
| 1 | Setup |
| 2 | First ticket |

> Ask your buddy first.

\`\`\`ts
const ready = await setup();
\`\`\`
`;

export const Rich: Story = { args: { children: RICH } };

/** Half-finished markdown while streaming: an open code fence is code, open emphasis is held back. */
export const StreamingHalfFinished: Story = {
  args: { children: 'Run this:\n\n```bash\nnpm install\nnpm run se', streaming: true },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('pre code')).toHaveTextContent('npm run se');
    await expect(canvasElement.textContent).not.toContain('```');
  },
};

/** Hostile input renders as text: no script, no handlers, no javascript: links, no images. */
export const UnsafeInput: Story = {
  args: {
    children:
      'Hi <script>alert(1)</script> <img src=x onerror=alert(1)> <svg onload=alert(1)></svg>\n\n[click me](javascript:alert(1)) ![tracker](https://tracker.example/pixel.gif)',
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('script, img, svg, [onerror], [onload]')).toBeNull();
    const links = within(canvasElement).getAllByRole('link');
    await expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://tracker.example/pixel.gif',
    ]);
    await expect(within(canvasElement).getByText('click me').closest('a')).toBeNull();
  },
};

export const Empty: Story = { args: { children: '' } };

export const Long: Story = { args: { children: longMarkdown() } };

/** The dark theme: the tokens switch with `data-theme="dark"` on an ancestor. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { children: RICH },
  play: async ({ canvasElement }) => {
    const themed =
      canvasElement.querySelector('[data-theme="dark"]') ?? canvasElement.closest('[data-theme="dark"]');
    await expect(themed).not.toBeNull();
    const code = canvasElement.querySelector('pre')!;
    // --ts-code-bg of the dark theme.
    await expect(getComputedStyle(code).backgroundColor).toBe('rgb(35, 35, 39)');
  },
};
