/**
 * @toolstream/server/redis — runs on Redis Streams (or Valkey), shared by every instance of a
 * backend. Needs the `redis` package (node-redis, v5 or later) — an optional peer dependency.
 */

export type { RedisClientLike, RedisDuplicateLike } from './redis-connection.js';
export type { RedisRunStore, RedisRunStoreOptions } from './redis-store.js';
export { createRedisRunStore } from './redis-store.js';
