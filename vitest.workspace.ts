/**
 * The one list of Vitest projects. The root `vitest.config.ts` passes it to `test.projects`
 * (Vitest 4 removed workspace files; we keep this one as the single place to add a project).
 */
export const projects = ['packages/core', 'packages/react'];
