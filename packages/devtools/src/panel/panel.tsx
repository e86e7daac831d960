import {
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import type { RedactOptions } from '../export/redact.js';
import type { Recording } from '../recording/recording.js';
import { ExportSheet } from './export-sheet.js';
import { NO_SELECTION, type Selection } from './selection.js';
import { loadSettings, MIN_SIZE, type PanelSettings, type PanelTab, saveSettings } from './settings.js';
import { ErrorsTab } from './tabs/errors-tab.js';
import { FramesTab } from './tabs/frames-tab.js';
import { StateTab } from './tabs/state-tab.js';
import { TimelineTab } from './tabs/timeline-tab.js';
import { useThreadLink } from './thread-link.js';
import { useRecordingVersion } from './use-recording.js';

/** Props of {@link Panel}. */
export interface PanelProps {
  /** Shown (a closed panel keeps its state, and covers nothing). */
  open: boolean;
  /** The live recording (of the store the panel is attached to). */
  recording: Recording;
  /** Where the panel's settings are kept (localStorage). */
  storageKey: string;
  /** Redaction for exports, before the reader changes it. */
  redact?: RedactOptions | undefined;
  /** The host element: clicks inside it are the panel's, not the thread's. */
  host: HTMLElement;
  onClose(): void;
  /** What is selected at first (stories, a link). */
  initialSelection?: Partial<Selection> | undefined;
}

const TABS: { id: PanelTab; label: string }[] = [
  { id: 'frames', label: 'Frames' },
  { id: 'state', label: 'State' },
  { id: 'timeline', label: 'Timeline' },
  { id: 'errors', label: 'Errors' },
];

/**
 * The devtools panel: docked at the bottom or the side (its size remembered), four tabs over a
 * recording — the live one, or a file imported to inspect — and export. Keyboard: the tabs are
 * one tab stop (arrows between them), lists move with the arrows, `/` searches the frames,
 * Escape closes the panel.
 */
export function Panel({
  open,
  recording: live,
  storageKey,
  redact,
  host,
  onClose,
  initialSelection,
}: PanelProps) {
  const [settings, setSettings] = useState<PanelSettings>(() => loadSettings(storageKey));
  const [imported, setImported] = useState<{ recording: Recording; name: string } | null>(null);
  const recording = imported?.recording ?? live;
  const version = useRecordingVersion(recording);
  const [selection, setSelection] = useState<Selection>(() => ({ ...NO_SELECTION, ...initialSelection }));
  const select = useCallback((change: Partial<Selection>) => setSelection((s) => ({ ...s, ...change })), []);
  const dark = useDark(settings.theme);
  const tabsId = useId();

  const update = (change: Partial<PanelSettings>) =>
    setSettings((current) => {
      const next = { ...current, ...change };
      saveSettings(storageKey, next);
      return next;
    });
  const setTab = (tab: PanelTab) => update({ tab });

  const reveal = useCallback(
    (messageId: string, callId: string) => {
      if (imported !== null) return; // an imported run is not in this page's thread
      window.dispatchEvent(new CustomEvent('toolstream:reveal-call', { detail: { messageId, callId } }));
    },
    [imported],
  );
  // The other way: a call clicked in the thread is selected here.
  useThreadLink(host, imported === null, (messageId, callId) => {
    select({ call: { messageId, callId } });
    update({ tab: 'state' });
  });

  const showCall = (turn: number, callId: string) => {
    const messageId = recording.turns[turn]?.messageId;
    if (messageId === undefined) return;
    select({ call: { messageId, callId } });
    setTab('state');
    reveal(messageId, callId);
  };
  const showFrame = (frame: number) => {
    select({ frame });
    setTab('frames');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === '/' && !(event.target instanceof HTMLInputElement)) {
      event.preventDefault();
      setTab('frames');
      requestAnimationFrame(() => host.shadowRoot?.querySelector<HTMLInputElement>('[data-search]')?.focus());
    }
  };
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((tab) => tab.id === settings.tab);
    const next =
      event.key === 'ArrowRight'
        ? index + 1
        : event.key === 'ArrowLeft'
          ? index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = TABS[(next + TABS.length) % TABS.length]!;
    setTab(tab.id);
    host.shadowRoot?.getElementById(`${tabsId}-${tab.id}`)?.focus();
  };

  const size = settings.size[settings.dock];
  useDockInset(open ? settings.dock : null, size);
  const turnCount = recording.turns.length;
  const errors =
    selection.turn === null
      ? recording.errors.length
      : recording.errors.filter((e) => e.turn === selection.turn).length;

  return (
    <div
      className="tsd-panel"
      hidden={!open}
      data-theme={dark ? 'dark' : 'light'}
      data-dock={settings.dock}
      role="dialog"
      aria-modal="false"
      aria-label="toolstream devtools"
      style={settings.dock === 'bottom' ? { height: size } : { width: size }}
      onKeyDown={onKeyDown}
    >
      <Resizer
        settings={settings}
        onResize={(px) => update({ size: { ...settings.size, [settings.dock]: px } })}
      />
      <header className="tsd-toolbar">
        <strong className="tsd-title">toolstream devtools</strong>
        <div role="tablist" aria-label="Views" className="tsd-tabs">
          {TABS.map((tab) => (
            <button
              key={tab.id}
              id={`${tabsId}-${tab.id}`}
              type="button"
              role="tab"
              className="tsd-tab"
              aria-selected={settings.tab === tab.id}
              aria-controls={`${tabsId}-panel`}
              tabIndex={settings.tab === tab.id ? 0 : -1}
              onClick={() => setTab(tab.id)}
              onKeyDown={onTabKey}
            >
              {tab.label}
              {tab.id === 'frames' && <span className="tsd-count">{recording.frames.length}</span>}
              {tab.id === 'errors' && errors > 0 && (
                <span className="tsd-count tsd-count--error">{errors}</span>
              )}
            </button>
          ))}
        </div>
        <label className="tsd-turn">
          <span className="tsd-visually-hidden">Turn</span>
          <select
            className="tsd-input"
            value={selection.turn === null ? 'all' : String(selection.turn)}
            onChange={(event) =>
              select({ turn: event.target.value === 'all' ? null : Number(event.target.value), frame: null })
            }
          >
            <option value="all">All turns ({turnCount})</option>
            {recording.turns.map((turn) => (
              <option key={turn.index} value={turn.index}>
                Turn {turn.index + 1}: {turn.userText === null ? '(fed in)' : turn.userText.slice(0, 40)}
              </option>
            ))}
          </select>
        </label>
        <span className="tsd-spacer" />
        <ExportSheet
          recording={recording}
          turn={selection.turn}
          redact={redact}
          onImported={(next, name) => {
            setImported({ recording: next, name });
            setSelection(NO_SELECTION);
          }}
        />
        <button
          type="button"
          className="tsd-icon-button"
          aria-label={settings.dock === 'bottom' ? 'Dock to the right' : 'Dock to the bottom'}
          title={settings.dock === 'bottom' ? 'Dock to the right' : 'Dock to the bottom'}
          onClick={() => update({ dock: settings.dock === 'bottom' ? 'right' : 'bottom' })}
        >
          {settings.dock === 'bottom' ? '⇥' : '⤓'}
        </button>
        <button
          type="button"
          className="tsd-icon-button"
          aria-label={`Theme: ${settings.theme}`}
          title={`Theme: ${settings.theme} (click to change)`}
          onClick={() =>
            update({
              theme: settings.theme === 'auto' ? 'light' : settings.theme === 'light' ? 'dark' : 'auto',
            })
          }
        >
          {settings.theme === 'auto' ? '◐' : settings.theme === 'light' ? '☀' : '☾'}
        </button>
        <button
          type="button"
          className="tsd-icon-button"
          aria-label="Close devtools"
          title="Close (Esc)"
          onClick={onClose}
        >
          ✕
        </button>
      </header>
      {imported !== null && (
        <p className="tsd-banner" role="status">
          Viewing the imported file <span className="tsd-code">{imported.name}</span>.{' '}
          <button
            type="button"
            className="tsd-link"
            onClick={() => {
              setImported(null);
              setSelection(NO_SELECTION);
            }}
          >
            Back to the live run
          </button>
        </p>
      )}
      <div
        id={`${tabsId}-panel`}
        role="tabpanel"
        aria-labelledby={`${tabsId}-${settings.tab}`}
        className="tsd-body"
      >
        {settings.tab === 'frames' && (
          <FramesTab
            recording={recording}
            version={version}
            selection={selection}
            select={select}
            showCall={showCall}
          />
        )}
        {settings.tab === 'state' && (
          <StateTab
            recording={recording}
            version={version}
            selection={selection}
            select={select}
            reveal={reveal}
          />
        )}
        {settings.tab === 'timeline' && (
          <TimelineTab recording={recording} version={version} selection={selection} />
        )}
        {settings.tab === 'errors' && (
          <ErrorsTab
            recording={recording}
            version={version}
            selection={selection}
            select={select}
            showFrame={showFrame}
          />
        )}
      </div>
    </div>
  );
}

/**
 * What the docked panel covers, on the page's root element as `--toolstream-devtools-bottom` or
 * `--toolstream-devtools-right` (px), so a page can make room for it:
 * `height: calc(100dvh - var(--toolstream-devtools-bottom, 0px))`. Removed when the panel closes.
 */
export function useDockInset(dock: PanelSettings['dock'] | null, size: number): void {
  useEffect(() => {
    if (dock === null) return;
    const root = document.documentElement.style;
    const name = `--toolstream-devtools-${dock}`;
    // As the stylesheet does: never more than the window less 48 px.
    const room = (dock === 'bottom' ? window.innerHeight : window.innerWidth) - 48;
    root.setProperty(name, `${Math.max(0, Math.min(size, room))}px`);
    return () => {
      root.removeProperty(name);
    };
  }, [dock, size]);
}

/** The edge the panel is resized by: dragged, or moved with the arrow keys (a separator). */
function Resizer({ settings, onResize }: { settings: PanelSettings; onResize(px: number): void }) {
  const dragging = useRef<{ start: number; size: number } | null>(null);
  const bottom = settings.dock === 'bottom';
  const size = settings.size[settings.dock];
  const max = () => Math.max(MIN_SIZE, (bottom ? window.innerHeight : window.innerWidth) - 48);
  const clamp = (px: number) => Math.max(MIN_SIZE, Math.min(max(), Math.round(px)));
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    dragging.current = { start: bottom ? event.clientY : event.clientX, size };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const drag = dragging.current;
    if (drag === null) return;
    const moved = (bottom ? event.clientY : event.clientX) - drag.start;
    onResize(clamp(drag.size - moved));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const grow = bottom ? 'ArrowUp' : 'ArrowLeft';
    const shrink = bottom ? 'ArrowDown' : 'ArrowRight';
    const step = event.shiftKey ? 80 : 20;
    if (event.key === grow) onResize(clamp(size + step));
    else if (event.key === shrink) onResize(clamp(size - step));
    else return;
    event.preventDefault();
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a movable separator has no element of its own
    <div
      className="tsd-resizer"
      role="separator"
      tabIndex={0}
      aria-orientation={bottom ? 'horizontal' : 'vertical'}
      aria-label="Resize devtools"
      aria-valuenow={size}
      aria-valuemin={MIN_SIZE}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => {
        dragging.current = null;
      }}
      onKeyDown={onKeyDown}
    />
  );
}

/** Whether the panel is dark: chosen, or the system's preference (followed live) on `auto`. */
function useDark(theme: PanelSettings['theme']): boolean {
  const [systemDark, setSystemDark] = useState(() => darkQuery()?.matches ?? false);
  useEffect(() => {
    const query = darkQuery();
    if (query === null) return;
    const onChange = () => setSystemDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return theme === 'dark' || (theme === 'auto' && systemDark);
}

function darkQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
}
