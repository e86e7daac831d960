import { defaultClientConditions, defaultServerConditions } from 'vite';

/**
 * Workspace packages resolve to their TypeScript sources through this export condition, so
 * tests need no build. Vite keeps separate condition lists for browser-like and node
 * environments; both must carry it.
 */
export const SOURCE_CONDITION = '@toolstream/source';

/**
 * Vite's server conditions without `module`, as Vitest's own defaults have them: `module` picks
 * bundler-only ESM builds that Node cannot load (the AWS SDK's `dist-es`, whose imports have no
 * file extensions), which breaks any test that reaches `@toolstream/core/providers`.
 */
export const serverConditions = defaultServerConditions.filter((condition) => condition !== 'module');

/** `resolve` and `ssr.resolve` settings for a Vitest project in this repository. */
export const sourceResolution = {
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...serverConditions] } },
};
