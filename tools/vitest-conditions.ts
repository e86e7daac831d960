import { defaultClientConditions, defaultServerConditions } from 'vite';

/**
 * Workspace packages resolve to their TypeScript sources through this export condition, so
 * tests need no build. Vite keeps separate condition lists for browser-like and node
 * environments; both must carry it.
 */
export const SOURCE_CONDITION = '@toolstream/source';

/** `resolve` and `ssr.resolve` settings for a Vitest project in this repository. */
export const sourceResolution = {
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
};
