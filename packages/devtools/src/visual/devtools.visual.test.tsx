import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import * as preview from '../../../../.storybook/preview.js';
import * as PanelStories from '../stories/devtools.stories.js';

/**
 * The panel's key stories compared with the committed screenshots in `__screenshots__/`: each a
 * mock scenario read in as a file, on its own clock, so the picture is the same every time.
 * Update with `npx vitest run --project visual packages/devtools --update`, and look at them.
 */

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);

const STILL = document.createElement('style');
STILL.textContent =
  '*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }';
document.head.append(STILL);

const stories = composeStories(PanelStories);
const cases = [
  { name: 'devtools-frames', story: stories.Frames },
  { name: 'devtools-state', story: stories.State },
  { name: 'devtools-timeline', story: stories.Timeline },
  { name: 'devtools-errors', story: stories.Errors },
  { name: 'devtools-dark-right', story: stories.DarkDockedRight },
];

let canvas: HTMLElement | null = null;
afterEach(() => {
  canvas?.remove();
  canvas = null;
});

describe('screenshots of the devtools panel', () => {
  for (const { name, story } of cases) {
    test(name, async () => {
      canvas = document.createElement('div');
      canvas.style.width = '940px';
      document.body.append(canvas);
      await story.run({ canvasElement: canvas });
      await document.fonts.ready;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      (document.activeElement as HTMLElement | null)?.blur?.();
      await expect.element(page.elementLocator(canvas)).toMatchScreenshot(name);
    });
  }
});
