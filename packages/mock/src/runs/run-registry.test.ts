import { describe, expect, it } from 'vitest';
import { scenario } from '../scenario/builder.js';
import { ManualClock } from '../test-utils/manual-clock.js';
import { decodeSse } from '../test-utils/sse.js';
import type { RunSink } from './run.js';
import { type RunLogEntry, RunRegistry, type RunRegistryOptions } from './run-registry.js';
import { servedSteps } from './sse-encode.js';

/** A sink that keeps what it got. */
function memorySink() {
  const sink = { text: '', ended: false, dropped: false } as RunSink & {
    text: string;
    ended: boolean;
    dropped: boolean;
  };
  sink.write = (text) => {
    sink.text += text;
  };
  sink.end = () => {
    sink.ended = true;
  };
  sink.drop = () => {
    sink.dropped = true;
  };
  return sink;
}
const ids = (text: string) => decodeSse(text).map((frame) => frame.id);

const demo = scenario('demo', 'Five frames with a scripted drop after the second.')
  .text('one two three four', { wordsPerChunk: 1, delay: 100 })
  .done({ delay: 100 })
  .build();
const withDrop = scenario('drop', 'A scripted drop in the middle.')
  .text('a b', { wordsPerChunk: 1, delay: 10 })
  .disconnect({ delay: 10 })
  .text('c d', { wordsPerChunk: 1, delay: 10 })
  .build();

function setup(options: RunRegistryOptions = {}) {
  const clock = new ManualClock();
  const log: RunLogEntry[] = [];
  const registry = new RunRegistry({ clock, logger: (entry) => log.push(entry), graceMs: 1000, ...options });
  return { clock, log, registry };
}

describe('RunRegistry', () => {
  it('waits each frame delay divided by the speed factor', () => {
    const { clock, registry } = setup({ speed: 4 });
    const sink = memorySink();
    const run = registry.start(demo, { detachable: true });
    registry.attach(run, sink);
    clock.runAll();
    const frameWaits = servedSteps(demo).map((step) => step.delay / 4);
    expect(clock.requested.slice(0, frameWaits.length)).toEqual(frameWaits);
    expect(ids(sink.text)).toEqual(['1', '2', '3', '4', '5']);
    expect(sink.ended).toBe(true);
  });

  it('plays everything at once with speed Infinity', () => {
    const { clock, registry } = setup({ speed: Number.POSITIVE_INFINITY });
    const sink = memorySink();
    registry.attach(registry.start(demo, { detachable: true }), sink);
    clock.step();
    expect(ids(sink.text)).toHaveLength(5);
    expect(sink.ended).toBe(true);
  });

  it('never produces before the first connection attaches', () => {
    const { registry } = setup({ speed: Number.POSITIVE_INFINITY });
    const run = registry.start(demo, { detachable: true });
    expect(run.producedCount).toBe(0);
  });

  it('keeps producing while detached, and a re-attach gets the frames after Last-Event-ID', () => {
    const { clock, log, registry } = setup();
    const first = memorySink();
    const run = registry.start(demo, { detachable: true });
    const detach = registry.attach(run, first);
    clock.advance(250); // frames 1 and 2
    detach();
    clock.advance(200); // frames 3 and 4 while nobody listens
    expect(run.producedCount).toBe(4);
    const second = memorySink();
    registry.attach(registry.get(run.id)!, second, { lastEventId: '2', reattach: true });
    expect(ids(second.text)).toEqual(['3', '4']);
    clock.runAll();
    expect(ids(first.text)).toEqual(['1', '2']);
    expect(ids(second.text)).toEqual(['3', '4', '5']);
    expect(log.map((entry) => entry.type)).toEqual(['start', 'detach', 'attach', 'finish', 'evict']);
  });

  it('drops a detached run after the grace period and logs it', () => {
    const { clock, log, registry } = setup({ graceMs: 500 });
    const run = registry.start(demo, { detachable: true });
    registry.attach(run, memorySink())();
    clock.advance(499);
    expect(registry.get(run.id)).toBe(run);
    clock.advance(1);
    expect(registry.get(run.id)).toBeUndefined();
    expect(registry.size).toBe(0);
    expect(log.at(-1)).toMatchObject({ type: 'drop', runId: run.id, reason: 'grace-expired after 500 ms' });
    const producedWhenDropped = run.producedCount;
    clock.runAll();
    expect(run.producedCount).toBe(producedWhenDropped);
  });

  it('re-attaching within the grace period keeps the run', () => {
    const { clock, registry } = setup({ graceMs: 500 });
    const run = registry.start(demo, { detachable: true });
    registry.attach(run, memorySink())();
    clock.advance(400);
    const sink = memorySink();
    registry.attach(run, sink, { reattach: true });
    clock.runAll();
    expect(ids(sink.text)).toEqual(['1', '2', '3', '4', '5']);
    expect(run.status).toBe('finished');
  });

  it('without resume, a closed connection cancels the run at once and timers stop', () => {
    const { clock, log, registry } = setup({ resume: false });
    const run = registry.start(demo, { detachable: true });
    expect(run.detachable).toBe(false);
    const detach = registry.attach(run, memorySink());
    clock.advance(150);
    detach();
    expect(log.at(-1)).toMatchObject({ type: 'cancel', reason: 'client-closed', frames: 1 });
    expect(clock.pending).toBe(0);
    expect(registry.size).toBe(0);
  });

  it('cancel (DELETE) stops the run, closes its connections and forgets it', () => {
    const { clock, log, registry } = setup();
    const sink = memorySink();
    const run = registry.start(demo, { detachable: true });
    registry.attach(run, sink);
    clock.advance(100);
    expect(registry.cancel(run.id)).toBe(true);
    expect(registry.cancel(run.id)).toBe(false);
    expect(sink.ended).toBe(true);
    expect(clock.pending).toBe(0);
    expect(log.at(-1)).toMatchObject({ type: 'cancel', reason: 'delete', frames: 1 });
  });

  it('a scripted disconnect drops attached connections once; the run goes on', () => {
    const { clock, registry } = setup();
    const first = memorySink();
    const run = registry.start(withDrop, { detachable: true });
    registry.attach(run, first);
    clock.advance(30);
    expect(first.dropped).toBe(true);
    expect(ids(first.text)).toEqual(['1', '2']);
    const second = memorySink();
    registry.attach(run, second, { lastEventId: '2', reattach: true });
    clock.runAll();
    expect(ids(second.text)).toEqual(['3', '4']);
    expect(second.dropped).toBe(false);
    expect(second.ended).toBe(true);
  });

  it('a connection-only run (direct GET) starts after Last-Event-ID and skips drops before it', () => {
    const { clock, log, registry } = setup();
    const sink = memorySink();
    const run = registry.start(withDrop, { detachable: false, startAfterId: '2' });
    registry.attach(run, sink);
    clock.runAll();
    expect(ids(sink.text)).toEqual(['3', '4']);
    expect(sink.dropped).toBe(false);
    expect(registry.get(run.id)).toBeUndefined();
    expect(log.map((entry) => entry.type)).toEqual(['start', 'finish']);
  });

  it('fault drop-after:N drops the connection after N frames', () => {
    const { clock, registry } = setup();
    const sink = memorySink();
    const run = registry.start(demo, { detachable: true });
    registry.attach(run, sink, { faults: { dropAfter: 2 } });
    clock.runAll();
    expect(ids(sink.text)).toEqual(['1', '2']);
    expect(sink.dropped).toBe(true);
    expect(run.status).toBe('finished');
  });

  it('fault stall-after:N writes N frames, then nothing, and never ends the connection', () => {
    const { clock, registry } = setup();
    const sink = memorySink();
    const run = registry.start(demo, { detachable: true });
    const detach = registry.attach(run, sink, { faults: { stallAfter: 1 } });
    clock.runAll();
    expect(run.status).toBe('finished');
    expect(ids(sink.text)).toEqual(['1']);
    expect(sink.ended).toBe(false);
    detach();
    clock.runAll();
    expect(registry.size).toBe(0);
  });

  it('close() cancels every run and clears every timer', () => {
    const { clock, log, registry } = setup();
    registry.attach(registry.start(demo, { detachable: true }), memorySink());
    registry.attach(registry.start(demo, { detachable: false }), memorySink());
    registry.close();
    expect(registry.size).toBe(0);
    expect(clock.pending).toBe(0);
    expect(log.filter((entry) => entry.type === 'cancel').map((entry) => entry.reason)).toEqual([
      'shutdown',
      'shutdown',
    ]);
  });

  it('rejects a speed factor that is not positive', () => {
    expect(() => new RunRegistry({ speed: 0 })).toThrow(/speed/);
  });
});
