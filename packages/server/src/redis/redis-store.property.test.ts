import { createClient } from 'redis';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../test-utils/redis-server.js';
import { checkRunStoreAgainstModel, modelTestTimeout } from '../test-utils/run-store-model.js';
import { createRedisRunStore, type RedisClientLike } from './index.js';

let redis: TestRedis;
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  await redis?.dispose();
});

describe('Redis run store against the model', () => {
  // node-redis 6 speaks RESP3 by default; RESP2 gives the same commands other shapes (arrays for maps).
  it.each([3, 2] as const)(
    'numbers, keeps, trims, fences, replays and tails runs as the model does (RESP%s)',
    async (resp) => {
      const client = createClient({ url: redis.url, RESP: resp });
      client.on('error', () => {});
      await client.connect();
      let opened = 0;
      try {
        await checkRunStoreAgainstModel(
          {
            boundsBytes: false,
            // A prefix per sequence: each starts from an empty store. The lease outlives the test (no
            // producer holds these runs; the lost-producer check has its own tests).
            open: async ({ maxFramesPerRun }) =>
              createRedisRunStore({
                client: client as RedisClientLike,
                prefix: `model${resp}-${opened++}`,
                maxFramesPerRun,
                leaseMs: 120_000,
              }),
          },
          50,
        );
      } finally {
        await client.close();
      }
    },
    modelTestTimeout,
  );
});
