import { describe, it } from 'vitest';
import { checkRunStoreAgainstModel, modelTestTimeout } from '../test-utils/run-store-model.js';
import { createMemoryRunStore } from './memory-store.js';

describe('memory run store against the model', () => {
  it(
    'numbers, keeps, trims, fences, replays and tails runs as the model does',
    async () => {
      await checkRunStoreAgainstModel(
        { boundsBytes: true, open: async (bounds) => createMemoryRunStore(bounds) },
        150,
      );
    },
    modelTestTimeout,
  );
});
