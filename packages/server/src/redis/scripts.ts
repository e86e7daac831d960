import { isNoScript } from './redis-connection.js';

/**
 * The store's Lua scripts. Each runs atomically, so a status and the frames written under it
 * never disagree: a cancelled or finished run takes no more frames (its producer is fenced off),
 * and a run ends once, with exactly one terminal frame. Every key gets an expiry, and frames are
 * appended with `NOMKSTREAM`: a write to a run whose keys expired fails instead of re-creating a
 * stream that would never expire.
 */

/** An empty stream (XGROUP CREATE … MKSTREAM makes one without an entry; the group goes at once). */
const EMPTY_STREAM = `
local function empty_stream(key)
  redis.call('XGROUP', 'CREATE', key, 'init', '$', 'MKSTREAM')
  redis.call('XGROUP', 'DESTROY', key, 'init')
end`;

/**
 * KEYS: meta, frames, control, lease, running.
 * ARGV: id, owner (JSON), createdAt, keyTtlMs, leaseMs, maxRunning (0: no limit), now, runTtlMs.
 * Returns 1 (created), 0 (too many running), -1 (exists).
 */
export const CREATE = `${EMPTY_STREAM}
if redis.call('EXISTS', KEYS[1]) == 1 then return -1 end
local now = tonumber(ARGV[7])
redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', now)
local max = tonumber(ARGV[6])
if max > 0 and redis.call('ZCARD', KEYS[5]) >= max then return 0 end
redis.call('HSET', KEYS[1], 'status', 'running', 'owner', ARGV[2], 'seq', 0, 'created', ARGV[3])
empty_stream(KEYS[2])
empty_stream(KEYS[3])
redis.call('SET', KEYS[4], '1', 'PX', ARGV[5])
for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], ARGV[4]) end
redis.call('ZADD', KEYS[5], now + tonumber(ARGV[8]), ARGV[1])
redis.call('PEXPIRE', KEYS[5], ARGV[8])
return 1`;

/**
 * KEYS: meta, frames. ARGV: maxLen, then event, data for each frame.
 * Returns { 1, lastSeq } or { 0, status } ('unknown' when the run's keys are gone).
 */
export const APPEND = `
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return { 0, 'unknown' } end
if status ~= 'running' then return { 0, status } end
local seq = tonumber(redis.call('HGET', KEYS[1], 'seq'))
for i = 2, #ARGV, 2 do
  seq = seq + 1
  local id = redis.call('XADD', KEYS[2], 'NOMKSTREAM', 'MAXLEN', ARGV[1], seq .. '-0', 'e', ARGV[i], 'd', ARGV[i + 1])
  if not id then return { 0, 'unknown' } end
end
redis.call('HSET', KEYS[1], 'seq', seq)
return { 1, seq }`;

/**
 * KEYS: meta, frames, control, lease, running.
 * ARGV: status, event, data, retentionMs, onlyWithoutLease ('1' or '0'), id, endedAt, maxLen.
 * Returns the terminal frame's sequence number, or 0 when the run had already ended (or still
 * has its lease, when asked).
 */
export const END = `
local status = redis.call('HGET', KEYS[1], 'status')
if status ~= 'running' then return 0 end
if ARGV[5] == '1' and redis.call('EXISTS', KEYS[4]) == 1 then return 0 end
local seq = tonumber(redis.call('HGET', KEYS[1], 'seq')) + 1
local id = redis.call('XADD', KEYS[2], 'NOMKSTREAM', 'MAXLEN', ARGV[8], seq .. '-0', 'e', ARGV[2], 'd', ARGV[3], 'end', ARGV[1])
if not id then return 0 end
redis.call('HSET', KEYS[1], 'status', ARGV[1], 'seq', seq, 'ended', ARGV[7])
redis.call('XADD', KEYS[3], 'NOMKSTREAM', '*', 'end', ARGV[1])
for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], ARGV[4]) end
redis.call('DEL', KEYS[4])
redis.call('ZREM', KEYS[5], ARGV[6])
return seq`;

/**
 * KEYS: meta, frames. Returns { status, owner, seq, created, ended, kept frames } or nil.
 */
export const INFO = `
local fields = redis.call('HMGET', KEYS[1], 'status', 'owner', 'seq', 'created', 'ended')
if not fields[1] then return nil end
fields[6] = redis.call('XLEN', KEYS[2])
return fields`;

/**
 * KEYS: meta, lease. ARGV: leaseMs. Renews a running run's lease; returns its status (or
 * 'unknown').
 */
export const RENEW = `
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return 'unknown' end
if status == 'running' then redis.call('SET', KEYS[2], '1', 'PX', ARGV[1]) end
return status`;

/** KEYS: pending. ARGV: data (JSON), ttlMs. Replaces what the run asked for, unanswered. */
export const SAVE_PENDING = `
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'data', ARGV[1], 'answered', '0')
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/**
 * KEYS: pending. Marks the asks answered; returns 1 for the one caller that did, 0 when they
 * were answered already or are gone — so two continuations on two instances cannot both go on.
 */
export const CLAIM_PENDING = `
if redis.call('HGET', KEYS[1], 'answered') ~= '0' then return 0 end
redis.call('HSET', KEYS[1], 'answered', '1')
return 1`;

/** Sends a command: what the store's scripts need of a connection. */
export type Send = (args: string[]) => Promise<unknown>;

/** A script, loaded once per connection's server and reloaded after a restart flushed it. */
export class Script {
  readonly #source: string;
  #sha: Promise<string> | null = null;

  constructor(source: string) {
    this.#source = source;
  }

  async run(send: Send, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    this.#sha ??= send(['SCRIPT', 'LOAD', this.#source]).then(String);
    const sha = await this.#sha.catch((error: unknown) => {
      this.#sha = null;
      throw error;
    });
    const command = [String(keys.length), ...keys, ...args];
    try {
      return await send(['EVALSHA', sha, ...command]);
    } catch (error) {
      if (!isNoScript(error)) throw error;
      this.#sha = null;
      return send(['EVAL', this.#source, ...command]);
    }
  }
}
