import type { Meta, StoryObj } from '@storybook/react-vite';
import { builtinScenarios, serializeScenario } from '@toolstream/mock';
import { useLayoutEffect, useRef } from 'react';
import { expect, waitFor } from 'storybook/test';
import { importRecording } from '../export/import-recording.js';
import { mountPanel } from '../panel/mount-panel.js';
import type { Selection } from '../panel/selection.js';
import { DEFAULT_SETTINGS, type PanelSettings, saveSettings } from '../panel/settings.js';
import type { Recording } from '../recording/recording.js';

/** What a story shows: a scenario of the mock, read into the panel, on a tab, in a theme. */
interface PanelStoryArgs {
  scenario: string;
  settings: Partial<PanelSettings>;
  /** Which frame is selected (its number, from 1), or the first call of this tool. */
  frame?: number;
  tool?: string;
}

/**
 * The panel as the devtools mount it (its own Shadow DOM, its own stylesheet), over a run of the
 * mock read in as a file would be: `importRecording(serializeScenario(scenario))` — the frames on
 * the scenario's own clock, its disconnects as dropped connections. Docked inside a box of
 * 940 × 520 (a transformed box is the panel's containing block), so a story shows it whole.
 */
function PanelStory({
  recording,
  settings,
  frame,
  tool,
}: Omit<PanelStoryArgs, 'scenario'> & { recording: Recording }) {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = host.current!;
    const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    const storageKey = `devtools-story-${Math.random().toString(36).slice(2)}`;
    saveSettings(storageKey, { ...DEFAULT_SETTINGS, ...settings, size: { bottom: 520, right: 620 } });
    const initialSelection: Partial<Selection> = {};
    if (frame !== undefined) initialSelection.frame = frame - 1;
    if (tool !== undefined) {
      const answer = recording.state.messages.findLast((m) => m.role === 'assistant');
      const call =
        answer?.role === 'assistant'
          ? Object.values(answer.calls).find((c) => c.toolName === tool)
          : undefined;
      if (answer !== undefined && call !== undefined)
        initialSelection.call = { messageId: answer.id, callId: call.id };
    }
    const panel = mountPanel(shadow, { recording, storageKey, onClose() {}, initialSelection });
    panel.show();
    return () => {
      panel.unmount();
      localStorage.removeItem(storageKey);
    };
  }, [recording, settings, frame, tool]);
  return (
    <div
      style={{
        position: 'relative',
        width: 940,
        height: 520,
        transform: 'translateZ(0)',
        overflow: 'hidden',
      }}
    >
      <div ref={host} data-testid="devtools-host" />
    </div>
  );
}

const meta = {
  title: 'Devtools/Panel',
  parameters: { layout: 'fullscreen' },
  loaders: [
    async ({ args }) => {
      const scenario = builtinScenarios().get((args as PanelStoryArgs).scenario)!;
      return {
        recording: await importRecording(serializeScenario(scenario), {
          fileName: `${scenario.header.name}.jsonl`,
        }),
      };
    },
  ],
  render: (args, { loaded }) => (
    <PanelStory {...(args as PanelStoryArgs)} recording={loaded.recording as Recording} />
  ),
} satisfies Meta<PanelStoryArgs>;

export default meta;
type Story = StoryObj<PanelStoryArgs>;

const inPanel = (canvas: HTMLElement) => canvas.querySelector('[data-testid="devtools-host"]')!.shadowRoot!;

/** A run that dropped mid-stream and re-attached: frames by connection, one selected in full. */
export const Frames: Story = {
  args: { scenario: 'mid-stream-disconnect', settings: { tab: 'frames' }, frame: 12 },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(inPanel(canvasElement).querySelector('.tsd-detail')?.textContent).toMatch(/Frame 12/),
    );
    expect(inPanel(canvasElement).querySelector('[aria-label="Frames"] [role="option"]')).not.toBeNull();
  },
};

/** The state: the conversation, calls as a tree with sub-agents nested, a call in full. */
export const State: Story = {
  args: { scenario: 'nested-delegation', settings: { tab: 'state' }, tool: 'confluence_search' },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(inPanel(canvasElement).querySelector('.tsd-detail h3')?.textContent).toMatch(
        /confluence_search/,
      ),
    );
  },
};

/** The connection timeline: the drop, the second connection, how the turn ended. */
export const Timeline: Story = {
  args: { scenario: 'mid-stream-disconnect', settings: { tab: 'timeline' } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(inPanel(canvasElement).textContent).toMatch(/#1 failed/));
  },
};

/** Every error with the frame that caused it (malformed frames among good ones). */
export const Errors: Story = {
  args: { scenario: 'malformed-frames', settings: { tab: 'errors' }, frame: 3 },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(
        inPanel(canvasElement).querySelectorAll('[aria-label="Errors"] [role="option"]').length,
      ).toBeGreaterThan(3),
    );
  },
};

/** Dark, docked at the side. */
export const DarkDockedRight: Story = {
  args: { scenario: 'parallel-calls', settings: { tab: 'frames', theme: 'dark', dock: 'right' }, frame: 4 },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(inPanel(canvasElement).querySelector('.tsd-panel')?.getAttribute('data-theme')).toBe('dark'),
    );
  },
};
