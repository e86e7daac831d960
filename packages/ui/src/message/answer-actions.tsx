import type { AssistantMessageState, TokenUsage } from '@toolstream/core';
import { useEffect, useRef, useState } from 'react';
import { CheckIcon, CopyIcon, NextIcon, PrevIcon, RetryIcon } from '../internal/icons.js';
import { visuallyHidden } from '../internal/visually-hidden.js';
import { copyText } from '../tool-call/copy-text.js';

/** The answer's text, as a reader would copy it (tool calls and reasoning left out). */
export function answerText(message: AssistantMessageState): string {
  return message.parts
    .flatMap((part) => (part.type === 'text' ? [part.text.trim()] : []))
    .filter((text) => text !== '')
    .join('\n\n');
}

const numbers = new Intl.NumberFormat('en');

/** "1,234 tokens" and, for its tooltip, the breakdown the stream reported. */
function usageText(usage: TokenUsage): { short: string; long: string } | null {
  const total = usage.totalTokens ?? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0);
  if (total === 0) return null;
  const parts = [
    usage.inputTokens !== undefined && `${numbers.format(usage.inputTokens)} in`,
    usage.outputTokens !== undefined && `${numbers.format(usage.outputTokens)} out`,
    usage.reasoningTokens !== undefined && `${numbers.format(usage.reasoningTokens)} reasoning`,
    usage.cachedInputTokens !== undefined && `${numbers.format(usage.cachedInputTokens)} cached`,
  ].filter(Boolean);
  return { short: `${numbers.format(total)} tokens`, long: parts.join(', ') };
}

/** Props of {@link AnswerActions}. */
export interface AnswerActionsProps {
  /** The answer shown (the current one, or an earlier version). */
  shown: AssistantMessageState;
  /** Which version is shown (0-based) and how many there are. */
  version: number;
  versions: number;
  onVersion: (index: number) => void;
  /** Offers Regenerate (the newest answer, when it finished). */
  onRegenerate?: () => void;
}

/**
 * The line under a finished answer: a version pager ("‹ 2 / 3 ›") when it was regenerated, Copy,
 * Regenerate on the newest answer, and the token usage where the stream reported it.
 */
export function AnswerActions({ shown, version, versions, onVersion, onRegenerate }: AnswerActionsProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current !== null && clearTimeout(timer.current)), []);
  const text = answerText(shown);
  const usage = shown.usage === null ? null : usageText(shown.usage);
  return (
    <div data-slot="answer-actions" className="ts-answer-actions">
      {versions > 1 && (
        // biome-ignore lint/a11y/useSemanticElements: two buttons and a position, not form fields (a fieldset)
        <div data-slot="version-pager" role="group" aria-label="Versions" className="ts-version-pager">
          <button
            type="button"
            className="ts-icon-button"
            aria-label="Previous version"
            disabled={version === 0}
            onClick={() => onVersion(version - 1)}
          >
            <PrevIcon />
          </button>
          <span data-slot="version-pager-position" aria-hidden="true">{`${version + 1} / ${versions}`}</span>
          <span style={visuallyHidden}>{`Version ${version + 1} of ${versions}`}</span>
          <button
            type="button"
            className="ts-icon-button"
            aria-label="Next version"
            disabled={version === versions - 1}
            onClick={() => onVersion(version + 1)}
          >
            <NextIcon />
          </button>
        </div>
      )}
      {text !== '' && (
        <button
          type="button"
          data-slot="answer-copy"
          className="ts-icon-button"
          aria-label={copied ? 'Copied' : 'Copy answer'}
          onClick={() => {
            void copyText(text).then((ok) => {
              setCopied(ok);
              if (timer.current !== null) clearTimeout(timer.current);
              timer.current = setTimeout(() => setCopied(false), 2000);
            });
          }}
        >
          {copied ? <CheckIcon /> : <CopyIcon />}
        </button>
      )}
      {onRegenerate !== undefined && (
        <button
          type="button"
          data-slot="answer-regenerate"
          className="ts-icon-button"
          aria-label="Regenerate"
          onClick={onRegenerate}
        >
          <RetryIcon />
        </button>
      )}
      {usage !== null && (
        <span data-slot="answer-usage" className="ts-answer-actions__usage" title={usage.long}>
          {usage.short}
        </span>
      )}
    </div>
  );
}
