import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

/** Props of {@link VirtualList}. */
export interface VirtualListProps {
  /** How many rows. */
  count: number;
  /** The selected row, or `-1`. */
  selected: number;
  onSelect(index: number): void;
  /** Enter on a row (or a double click). */
  onActivate?(index: number): void;
  /** One row's content; rows are a fixed height (see styles: `--tsd-row`). */
  renderRow(index: number): ReactNode;
  /** Row keys, so a selection survives rows arriving. */
  rowKey?(index: number): string | number;
  label: string;
  /** Follow the newest row while the selection is the last one (live streams). */
  follow?: boolean;
  rowHeight?: number;
  emptyText?: string;
}

/**
 * A list of any length drawn a screenful at a time (TanStack Virtual): a 20 MB run's frames cost
 * what the visible rows cost. One tab stop (a listbox); the arrows, Page Up/Down, Home and End
 * move the selection, Enter activates it.
 */
export function VirtualList({
  count,
  selected,
  onSelect,
  onActivate,
  renderRow,
  rowKey,
  label,
  follow = false,
  rowHeight = 24,
  emptyText = 'Nothing yet.',
}: VirtualListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const id = useId();
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    ...(rowKey === undefined ? {} : { getItemKey: rowKey }),
  });

  useEffect(() => {
    if (selected >= 0) virtualizer.scrollToIndex(selected, { align: 'auto' });
  }, [selected, virtualizer]);

  // Live: keep the newest row in view while nothing (or the last row) is selected.
  const atEnd = selected === -1 || selected === count - 2;
  useEffect(() => {
    if (follow && atEnd && count > 0) virtualizer.scrollToIndex(count - 1, { align: 'end' });
  }, [follow, atEnd, count, virtualizer]);

  const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 240) / rowHeight) - 1);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count === 0) return;
    const moves: Record<string, number> = {
      ArrowDown: selected + 1,
      ArrowUp: selected - 1,
      PageDown: selected + page,
      PageUp: selected - page,
      Home: 0,
      End: count - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      onSelect(
        Math.max(
          0,
          Math.min(count - 1, selected < 0 && event.key === 'ArrowUp' ? count - 1 : moves[event.key]!),
        ),
      );
    } else if (event.key === 'Enter' && selected >= 0) {
      event.preventDefault();
      onActivate?.(selected);
    }
  };

  return (
    <div
      ref={scroller}
      className="tsd-list"
      role="listbox"
      tabIndex={0}
      aria-label={label}
      aria-activedescendant={selected >= 0 && selected < count ? `${id}-${selected}` : undefined}
      onKeyDown={onKeyDown}
    >
      {count === 0 ? (
        <p className="tsd-empty">{emptyText}</p>
      ) : (
        <div className="tsd-list__inner" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => (
            // biome-ignore lint/a11y/useFocusableInteractive: a listbox with aria-activedescendant: the list has the focus, its keys move the selection
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the list's (onKeyDown above)
            <div
              key={item.key}
              id={`${id}-${item.index}`}
              role="option"
              aria-selected={item.index === selected}
              aria-posinset={item.index + 1}
              aria-setsize={count}
              className="tsd-row"
              data-selected={item.index === selected ? '' : undefined}
              style={{ transform: `translateY(${item.start}px)`, height: rowHeight }}
              onClick={() => onSelect(item.index)}
              onDoubleClick={() => onActivate?.(item.index)}
            >
              {renderRow(item.index)}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
