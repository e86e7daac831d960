import { findMessage } from '@toolstream/core';
import { useResolvedStore, useToolStreamState } from '@toolstream/react';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useAnswerId } from '../internal/answer-scope.js';
import { formatDuration, plural } from '../internal/format.js';
import { GroupItemContext } from '../internal/group-item.js';
import { CheckIcon, ChevronIcon } from '../internal/icons.js';
import { leadsTo, type RevealCallDetail, revealCall, useRevealRequests } from '../internal/reveal-call.js';
import { callLabel } from '../tool-call/call-label.js';
import { ToolCall } from '../tool-call/tool-call.js';
import { useToolLabels } from '../tool-call/tool-renderers.js';

/** What the group's line says: how many tools, which, and how long from the first start to the last end. */
function useGroupSummary(messageId: string, callIds: readonly string[]) {
  const labels = useToolLabels();
  return useToolStreamState(
    (state) => {
      const message = findMessage(state, messageId);
      const names: string[] = [];
      let first = Number.POSITIVE_INFINITY;
      let last = 0;
      if (message?.role === 'assistant') {
        for (const id of callIds) {
          const call = message.calls[id];
          if (call === undefined) continue;
          const name = callLabel(call, labels);
          if (!names.includes(name)) names.push(name);
          first = Math.min(first, call.startedAt);
          last = Math.max(last, call.completedAt ?? call.startedAt);
        }
      }
      return { names: names.join(', '), spanMs: Math.max(0, last - first) };
    },
    { shallow: true },
  );
}

const NAV_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End']);

/**
 * Finished tool calls folded into one line, "Used 3 tools · 2.1 s", which expands to their rows.
 * The group is one tab stop: its rows leave the tab order and the arrow keys (and Home, End)
 * move between the group's line and its rows. Rows are rendered only once it is opened.
 */
export function ToolGroup({ callIds }: { callIds: readonly string[] }) {
  const messageId = useAnswerId('ToolGroup');
  const [open, setOpen] = useState(false);
  const contentId = useId();
  const store = useResolvedStore('ToolGroup');
  // A reveal request for a call in the group opens it, then asks again once its rows are rendered.
  const [pending, setPending] = useState<RevealCallDetail | null>(null);
  useRevealRequests((detail) => {
    if (open || detail.messageId !== messageId) return;
    const state = store.getState();
    if (!callIds.some((id) => leadsTo(state, detail, id))) return;
    setOpen(true);
    setPending(detail);
  });
  useEffect(() => {
    if (pending === null) return;
    setPending(null);
    revealCall(pending);
  }, [pending]);
  const { names, spanMs } = useGroupSummary(messageId, callIds);
  const count = plural(callIds.length, 'tool', 'tools');

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!NAV_KEYS.has(event.key)) return;
    const group = event.currentTarget;
    const stops = Array.from(
      group.querySelectorAll<HTMLElement>(
        ':scope > [data-slot="tool-group-trigger"], :scope > [data-slot="tool-group-content"] > * > button[data-slot="tool-call-trigger"]',
      ),
    );
    const at = stops.indexOf(document.activeElement as HTMLElement);
    if (at < 0 || stops.length < 2) return;
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? stops.length - 1
          : (at + (event.key === 'ArrowDown' ? 1 : -1) + stops.length) % stops.length;
    event.preventDefault();
    stops[next]!.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys move focus among the buttons inside
    <div
      data-slot="tool-group"
      data-state={open ? 'open' : 'closed'}
      className="ts-tool-group"
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        data-slot="tool-group-trigger"
        aria-expanded={open}
        aria-controls={contentId}
        className="ts-tool-group__trigger"
        onClick={() => setOpen(!open)}
      >
        <CheckIcon />
        <span data-slot="tool-group-title">{`Used ${count}`}</span>
        <span data-slot="tool-group-names" className="ts-tool-group__names">
          {names}
        </span>
        <time data-slot="tool-group-elapsed" className="ts-tool-group__elapsed">
          {formatDuration(spanMs)}
        </time>
        <ChevronIcon />
      </button>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of rows, not of form fields (a fieldset) */}
      <div
        id={contentId}
        role="group"
        aria-label={count}
        data-slot="tool-group-content"
        className="ts-tool-group__content"
        hidden={!open}
      >
        {open && (
          <GroupItemContext.Provider value={true}>
            {callIds.map((id) => (
              <ToolCall key={id} callId={id} />
            ))}
          </GroupItemContext.Provider>
        )}
      </div>
    </div>
  );
}
