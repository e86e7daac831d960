import { afterAll } from 'vitest';
import { createMemoryRunStore } from '../store/memory-store.js';
import { continuationSuite } from '../test-utils/continuation-suite.js';

// One process: its instances share one memory store.
const store = createMemoryRunStore();
afterAll(() => store.close());
continuationSuite('memory store', { open: async () => store });
