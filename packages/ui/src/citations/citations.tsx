import type { Citation } from '@toolstream/core';
import { useMessage } from '@toolstream/react';
import { type HTMLAttributes, useId } from 'react';
import { cx } from '../internal/cx.js';
import { safeHttpUrl } from '../internal/safe-url.js';

/** Props of {@link Citations}: the citations themselves, or the message to read them from. */
export interface CitationsProps extends HTMLAttributes<HTMLDivElement> {
  /** Citations to show (their sources are file names or URLs). Wins over `messageId`. */
  citations?: readonly Citation[];
  /** Read the citations of this assistant message from the store. */
  messageId?: string;
  /** The list's heading; default "Sources". */
  label?: string;
}

/**
 * The sources of an answer: each by its title where the stream gave one (with the site it is
 * on), else its source, and the quoted passage where given. Only absolute http(s) URLs become
 * links (new tab, no opener, no referrer); anything else — file names, `javascript:` or `data:`
 * values — is plain text. Renders nothing when there are none.
 */
export function Citations({ citations, messageId, ...props }: CitationsProps) {
  // Given the list, no store is needed (so citations render outside a provider too).
  if (citations !== undefined) return <CitationList citations={citations} {...props} />;
  return <MessageCitations messageId={messageId ?? ''} {...props} />;
}
Citations.displayName = 'Citations';

function MessageCitations({
  messageId,
  ...props
}: Omit<CitationsProps, 'citations'> & { messageId: string }) {
  const message = useMessage(messageId);
  return <CitationList citations={message?.role === 'assistant' ? message.citations : []} {...props} />;
}

/** The host of an http(s) URL, shown beside a title ("example.com"). */
function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** An http(s) URL as people read it: no scheme, no `www.`, no trailing slash. */
function shortUrl(url: string): string {
  return url.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '');
}

function CitationList({
  citations: list,
  label = 'Sources',
  className,
  ...props
}: Omit<CitationsProps, 'messageId' | 'citations'> & { citations: readonly Citation[] }) {
  const labelId = useId();
  if (list.length === 0) return null;
  return (
    <div data-slot="citations" className={cx('ts-citations', className)} {...props}>
      <p id={labelId} data-slot="citations-label" className="ts-citations__label">
        {label}
      </p>
      <ol aria-labelledby={labelId} className="ts-citations__list">
        {list.map((citation, index) => {
          const url = safeHttpUrl(citation.source);
          const given = citation.title?.trim() ?? '';
          // Without a title, a web source reads as its address without the scheme.
          const title = given !== '' ? given : url === null ? citation.source : shortUrl(url);
          const host = url === null || given === '' ? '' : hostOf(url);
          return (
            // Citations may repeat; their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} data-slot="citation" data-kind={url === null ? 'text' : 'link'}>
              {url === null ? (
                <span data-slot="citation-title">{title}</span>
              ) : (
                <a href={url} target="_blank" rel="noopener noreferrer" data-slot="citation-title">
                  {title}
                </a>
              )}
              {host !== '' && (
                <span data-slot="citation-host" className="ts-citations__host">
                  {host}
                </span>
              )}
              {citation.quote !== undefined && citation.quote.trim() !== '' && (
                <q data-slot="citation-quote" className="ts-citations__quote">
                  {citation.quote.trim()}
                </q>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
