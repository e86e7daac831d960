/**
 * The one list of Vitest projects. The root `vitest.config.ts` passes it to `test.projects`
 * (Vitest 4 removed workspace files; we keep this one as the single place to add a project).
 */
import type { TestProjectConfiguration } from 'vitest/config';
import { storybookProject } from './.storybook/vitest.project.js';
import { visualProject } from './.storybook/vitest.visual.js';
import { uiBrowserProject } from './packages/ui/vitest.browser.js';

export const projects: TestProjectConfiguration[] = [
  storybookProject,
  visualProject,
  uiBrowserProject,
  'packages/core',
  'packages/react',
  'packages/ui',
  'packages/mock',
  'packages/server',
  'packages/widget',
  'apps/demo/vitest.e2e.config.ts',
];
