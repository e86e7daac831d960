import { afterAll, beforeAll } from 'vitest';
import type { RunStore } from '../store/run-store.js';
import { continuationSuite } from '../test-utils/continuation-suite.js';
import { startTestRedis, type TestRedis } from '../test-utils/redis-server.js';
import { createRedisRunStore } from './redis-store.js';

let redis: TestRedis;
const stores: RunStore[] = [];
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await redis?.dispose();
});

// Each instance has its own connection and store on one Redis, as two servers behind a load balancer.
continuationSuite('Redis store', {
  async open() {
    const store = createRedisRunStore({ client: await redis.client(), prefix: 'continuations' });
    stores.push(store);
    return store;
  },
});
