import { createRandom } from '../../../../bench/prng.js';
import type { Fault } from './fault-proxy.js';

/**
 * The faults one seeded run meets, request by request (the POST, then each re-attach it causes),
 * and the instance each request goes to. Drawn so that a correct client always gets the whole
 * run: at most four faults that spend a reconnection attempt (the client has five, refilled by
 * progress, which rewound re-attaches may not make) and at most three 429s (its refusal budget).
 * A POST is never answered 5xx nor cut before its headers: a client must not send it again, so
 * those end in an error the user retries, which is not what this test is about.
 */
export interface FaultPlan {
  /** The POST body: the fixture's scripted run. */
  body: { frames: number; delayMs: number };
  /** The fault of request `i` (past the end: none). */
  faults: Fault[];
  /** The instance (0, 1, 2) request `i` goes to, cycled. */
  instances: number[];
}

const ATTEMPT_BUDGET = 4;
const REFUSAL_BUDGET = 3;

export function faultPlan(seed: number): FaultPlan {
  const random = createRandom(seed);
  const body = { frames: random.int(23, 120), delayMs: random.int(1, 6) };
  const instances = Array.from({ length: 16 }, () => random.int(0, 2));
  const faults: Fault[] = [];
  let attempts = 0;
  let refusals = 0;
  // About one run in ten meets no fault at all.
  const count = random.chance(0.1) ? 0 : random.int(1, ATTEMPT_BUDGET + REFUSAL_BUDGET);
  for (let i = 0; i < count; i++) {
    // The POST is sent again after each 429, until a stream opens: it is request `i` until then.
    const post = faults.every((fault) => fault.kind === 'answer' && fault.status === 429);
    const kinds: (Fault['kind'] | 'refuse')[] = [];
    if (attempts < ATTEMPT_BUDGET) kinds.push('cut', 'cut-frames', 'stall');
    if (attempts < ATTEMPT_BUDGET && !post) kinds.push('answer');
    if (refusals < REFUSAL_BUDGET) kinds.push('refuse');
    if (kinds.length === 0) break;
    const kind = random.pick(kinds);
    let fault: Fault;
    if (kind === 'refuse') {
      refusals++;
      fault = { kind: 'answer', status: 429, headers: retryAfter(random) };
    } else {
      attempts++;
      if (kind === 'cut') fault = { kind, afterBytes: random.int(post ? 1 : 0, 3000) };
      else if (kind === 'cut-frames') fault = { kind, afterFrames: random.int(post ? 1 : 0, 15) };
      else if (kind === 'stall') fault = { kind, afterBytes: random.int(0, 2000) };
      else fault = { kind: 'answer', status: random.pick([500, 502, 503]) };
    }
    // Replay overlap: the backend is asked for events the client already has.
    if (!post && random.chance(0.35)) fault.rewind = random.chance(0.3) ? 'drop' : random.int(1, 20);
    faults.push(fault);
  }
  return { body, faults, instances };
}

function retryAfter(random: ReturnType<typeof createRandom>): Record<string, string> {
  const choice = random.int(0, 3);
  if (choice === 0) return {}; // none: the client's own backoff
  if (choice === 1) return { 'retry-after': '0' };
  if (choice === 2) return { 'retry-after': '1' };
  return { 'retry-after': new Date(Date.now() + 600).toUTCString() }; // an HTTP date
}
