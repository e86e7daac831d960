import type { ReactNode } from 'react';
import { safeHttpUrl } from '../internal/safe-url.js';

interface LinkProps {
  href?: string;
  title?: string;
  children?: ReactNode;
}

/**
 * Links from stream content: only absolute http(s) URLs become links (in a new tab, without an
 * opener or referrer). Anything else — `javascript:`, `data:`, relative paths — keeps its text.
 */
export function SafeLink({ href, title, children }: LinkProps) {
  const url = href === undefined ? null : safeHttpUrl(href);
  if (url === null) return <span data-slot="markdown-link-text">{children}</span>;
  return (
    <a href={url} title={title} target="_blank" rel="noopener noreferrer" data-slot="markdown-link">
      {children}
    </a>
  );
}

interface ImageProps {
  src?: string;
  alt?: string;
  title?: string;
}

/**
 * Images are never loaded from stream content (that would leak the reader's address to any
 * URL a model wrote): an http(s) image becomes a link to it, anything else its alt text.
 */
export function SafeImage({ src, alt, title }: ImageProps) {
  const url = src === undefined ? null : safeHttpUrl(src);
  const label = alt !== undefined && alt !== '' ? alt : 'image';
  if (url === null) return <span data-slot="markdown-image-text">{label}</span>;
  return (
    <a href={url} title={title} target="_blank" rel="noopener noreferrer" data-slot="markdown-image-link">
      {`Image: ${label}`}
    </a>
  );
}

type HeadingProps = { children?: ReactNode; id?: string };

// Headings lose their generated ids: many messages on one page would repeat them.
const heading = (Tag: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6') => {
  const Heading = ({ children }: HeadingProps) => <Tag>{children}</Tag>;
  Heading.displayName = `Markdown.${Tag}`;
  return Heading;
};

/** The tag overrides every {@link Markdown} uses. */
export const markdownOverrides = {
  a: SafeLink,
  img: SafeImage,
  h1: heading('h1'),
  h2: heading('h2'),
  h3: heading('h3'),
  h4: heading('h4'),
  h5: heading('h5'),
  h6: heading('h6'),
};
