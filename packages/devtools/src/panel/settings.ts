/** Where the panel sits, how big it is, its theme and tab: what it remembers between visits. */
export interface PanelSettings {
  dock: 'bottom' | 'right';
  /** Height when docked at the bottom, width when at the side (px). */
  size: { bottom: number; right: number };
  theme: 'auto' | 'light' | 'dark';
  tab: PanelTab;
}

export type PanelTab = 'frames' | 'state' | 'timeline' | 'errors';

export const DEFAULT_SETTINGS: PanelSettings = {
  dock: 'bottom',
  size: { bottom: 320, right: 520 },
  theme: 'auto',
  tab: 'frames',
};

/** The smallest a docked panel gets: its toolbar and a few rows. */
export const MIN_SIZE = 160;

/** Reads the settings saved under `key`, whatever is there (a missing or broken entry gives the defaults). */
export function loadSettings(key: string): PanelSettings {
  try {
    const saved = JSON.parse(
      globalThis.localStorage?.getItem(key) ?? 'null',
    ) as Partial<PanelSettings> | null;
    if (saved === null || typeof saved !== 'object') return DEFAULT_SETTINGS;
    return {
      dock: saved.dock === 'right' ? 'right' : 'bottom',
      size: {
        bottom: clampSize(saved.size?.bottom, DEFAULT_SETTINGS.size.bottom),
        right: clampSize(saved.size?.right, DEFAULT_SETTINGS.size.right),
      },
      theme: saved.theme === 'light' || saved.theme === 'dark' ? saved.theme : 'auto',
      tab: (['frames', 'state', 'timeline', 'errors'] as const).includes(saved.tab as PanelTab)
        ? (saved.tab as PanelTab)
        : 'frames',
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function saveSettings(key: string, settings: PanelSettings): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(settings));
  } catch {
    // Storage full or refused (private mode): the panel still works, it only forgets.
  }
}

function clampSize(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value)
    ? Math.max(MIN_SIZE, Math.round(value))
    : fallback;
}
