import { describe, expect, it } from 'vitest';
import { assistantText, readFrames } from '../../test/harness.js';
import { sseFrame, text } from '../../test/sse-builder.js';
import type { StreamEvent } from '../protocol/events.js';
import { EventIdLog } from './event-id-log.js';
import { createFramePipeline } from './frame-pipeline.js';

function collect(options: Parameters<typeof createFramePipeline>[1] = {}) {
  const events: StreamEvent[] = [];
  const pipeline = createFramePipeline((event) => events.push(event), options);
  return { events, pipeline };
}

describe('frame pipeline', () => {
  it('runs the adapter, then records the frame id', () => {
    const { events, pipeline } = collect();
    expect(pipeline.push(sseFrame(text('hi'), { id: '7' }))).toBe(true);
    expect(events).toEqual([
      { type: 'text-delta', delta: 'hi' },
      { type: 'event-id', id: '7' },
    ]);
    expect(pipeline.appliedIds.has('7')).toBe(true);
    expect(pipeline.appliedIds.has('8')).toBe(false);
  });

  it('drops a frame whose id was already applied', () => {
    const { events, pipeline } = collect();
    pipeline.push(sseFrame(text('a'), { id: '1' }));
    pipeline.push(sseFrame(text('b'), { id: '2' }));
    const before = events.length;
    expect(pipeline.push(sseFrame(text('a'), { id: '1' }))).toBe(false);
    expect(pipeline.push(sseFrame(text('different content, same id'), { id: '2' }))).toBe(false);
    expect(events).toHaveLength(before);
  });

  it.each([
    ['no id', undefined],
    ['an empty id', ''],
  ])('never drops frames with %s', (_name, id) => {
    const { events, pipeline } = collect();
    const frame = id === undefined ? sseFrame(text('x')) : sseFrame(text('x'), { id });
    expect(pipeline.push(frame)).toBe(true);
    expect(pipeline.push(frame)).toBe(true);
    expect(events).toEqual([
      { type: 'text-delta', delta: 'x' },
      { type: 'text-delta', delta: 'x' },
    ]);
  });

  it('skips ids applied before (re-attaching after a reload)', () => {
    const { events, pipeline } = collect({ appliedIds: new EventIdLog(['1', '2']) });
    pipeline.push(sseFrame(text('old'), { id: '2' }));
    pipeline.push(sseFrame(text('new'), { id: '3' }));
    expect(events).toEqual([
      { type: 'text-delta', delta: 'new' },
      { type: 'event-id', id: '3' },
    ]);
  });

  it('reports the protocol auto settled on', () => {
    const { pipeline } = collect();
    expect(pipeline.protocol).toBeNull();
    pipeline.push(sseFrame('plain text'));
    expect(pipeline.protocol).toBe('typed-events');
  });

  it('uses the protocol it is given', () => {
    const { events, pipeline } = collect({ protocol: 'typed-events' });
    expect(pipeline.protocol).toBe('typed-events');
    pipeline.push(sseFrame('{"message":"json, but read as text"}'));
    expect(events).toEqual([{ type: 'text-delta', delta: '{"message":"json, but read as text"}' }]);
  });

  it('passes the end of the stream to the adapter', () => {
    const { events, pipeline } = collect();
    pipeline.push(sseFrame('{never decided'));
    expect(events).toEqual([]);
    pipeline.end();
    expect(events.map((e) => e.type)).toEqual(['protocol-error']);
  });

  it('a replayed frame leaves the state exactly as it was', () => {
    const frames = [sseFrame(text('a'), { id: '1' }), sseFrame(text('b'), { id: '2' })];
    const { states, state } = readFrames([
      ...frames,
      frames[0]!,
      frames[1]!,
      sseFrame(text('c'), { id: '3' }),
    ]);
    expect(states[2]).toBe(states[1]);
    expect(states[3]).toBe(states[1]);
    expect(assistantText(state)).toBe('abc');
    expect(state.run.lastEventId).toBe('3');
  });
});
