import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../test-utils/axe.js';
import { cite, text } from '../test-utils/chunks.js';
import { renderWithStore } from '../test-utils/render-with-store.js';
import { Citations } from './citations.js';

describe('Citations', () => {
  it('links http(s) URLs only; everything else is plain text', () => {
    renderWithStore(
      <Citations
        citations={[
          'https://example.com/guide',
          'http://intranet.example/page',
          'javascript:alert(1)',
          'data:text/html,<script>alert(1)</script>',
          'handbook.pdf',
          '/relative/path',
          ' javascript:alert(2)',
        ].map((source) => ({ source }))}
      />,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://example.com/guide',
      'http://intranet.example/page',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
    expect(screen.getByText('javascript:alert(1)').closest('a')).toBeNull();
    expect(screen.getByText('handbook.pdf').closest('a')).toBeNull();
  });

  it('reads a message’s citations from the store', () => {
    const { feed } = renderWithStore(<Citations messageId="m1" />);
    feed(text('x'), cite('https://example.com/a', 'b.pdf'));
    expect(screen.getByRole('list', { name: 'Sources' }).children).toHaveLength(2);
  });

  it('shows a title (and the site) where given, and the quoted passage; a title never makes a link of a bad URL', () => {
    render(
      <Citations
        citations={[
          {
            source: 'https://www.example.com/guide',
            title: 'Onboarding guide',
            quote: '  Week one: accounts.  ',
          },
          { source: 'javascript:alert(1)', title: 'Click me' },
        ]}
      />,
    );
    expect(screen.getByRole('link', { name: 'Onboarding guide' }).getAttribute('href')).toBe(
      'https://www.example.com/guide',
    );
    expect(screen.getByText('example.com')).toBeTruthy();
    expect(screen.getByText('Week one: accounts.').tagName).toBe('Q');
    expect(screen.getByText('Click me').closest('a')).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('renders nothing without citations', () => {
    const { container } = renderWithStore(<Citations citations={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <Citations
        citations={[
          { source: 'https://example.com', title: 'Example', quote: 'A quote.' },
          { source: 'notes.md' },
        ]}
      />,
    );
    await expectNoAxeViolations(container);
  });
});
