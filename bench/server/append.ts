import { randomUUID } from 'node:crypto';
import { startProducer } from '../../packages/server/src/run/producer.js';
import { failed } from '../../packages/server/src/run/terminal-frames.js';
import type { FrameInput, RunStore } from '../../packages/server/src/store/run-store.js';
import type { ResumableContext } from './resumable-stream.js';

/** How the frames reach the store. */
export type AppendMode =
  /** `writer.relay()` of a stream as fast as it comes: the writer's own batching (up to 256 waiting frames, one append in flight). */
  | 'relay'
  /** Each frame stored before the next is written (`await writer.flush()`): a slow model, one append per frame. */
  | 'one-by-one';

/** One timed run: how long until every frame was stored, and until a reader had them all. */
export interface AppendTiming {
  storedMs: number;
  /** `null` when nobody read. */
  readMs: number | null;
}

/** Who reads the run live from its start: `count` readers on `store` (another instance, or the same one). */
export interface Readers<Source> {
  source: Source;
  count: number;
}

/**
 * One run of `frames` through the server's producer and writer into `store` (what
 * `createRunHandler` does for a `POST`, without HTTP). With `readers`, that many readers on
 * another store of the same backing service (another instance) read the run live from its start,
 * each until its terminal frame; the timing ends when the last has it.
 */
export async function appendToolstream(
  store: RunStore,
  frames: readonly FrameInput[],
  mode: AppendMode,
  readers: Readers<RunStore> | null,
): Promise<AppendTiming> {
  const runId = `bench_${randomUUID()}`;
  await store.create({ id: runId, owner: null, createdAt: Date.now() });
  let readDone: Promise<number> | null = null;
  if (readers !== null) {
    const all = Array.from({ length: readers.count }, () =>
      readToEnd(readers.source, runId, frames.length + 1),
    );
    readDone = Promise.all(all).then(() => performance.now());
    await new Promise((resolve) => setTimeout(resolve, 50)); // let the tails reach Redis
  }
  const started = performance.now();
  const producer = startProducer(
    {
      store,
      runId,
      owner: null,
      maxFrameBytes: 1024 * 1024,
      maxDurationMs: 10 * 60 * 1000,
      describeError: () => failed('bench', 'bench'),
      onError: (error) => {
        throw error;
      },
    },
    async (writer) => {
      if (mode === 'relay') {
        await writer.relay(iterate(frames));
        return;
      }
      for (const frame of frames) {
        writer.frame(frame);
        await writer.flush();
      }
    },
  );
  await producer.done;
  const storedMs = performance.now() - started;
  const record = await store.get(runId);
  if (record?.status !== 'done' || record.lastSeq !== frames.length + 1) {
    throw new Error(`the run ended ${record?.status} with ${record?.lastSeq} frames`);
  }
  const readMs = readDone === null ? null : (await readDone) - started;
  return { storedMs, readMs };
}

/** One reader of the run from its start to its terminal frame, checking it got every frame. */
async function readToEnd(store: RunStore, runId: string, expected: number): Promise<void> {
  const iterator = store.read(runId, 0, { signal: new AbortController().signal })[Symbol.asyncIterator]();
  let seen = 0;
  for (let result = await iterator.next(); !result.done; result = await iterator.next()) {
    seen += result.value.length;
    if (result.value.at(-1)?.end !== undefined) break;
  }
  await iterator.return?.();
  if (seen !== expected) throw new Error(`a reader got ${seen} of ${expected} frames`);
}

async function* iterate(frames: readonly FrameInput[]): AsyncGenerator<FrameInput> {
  for (const frame of frames) yield frame;
}

/**
 * The same run through resumable-stream: `createNewResumableStream` on one context (the
 * producing instance), its response body read to the end. With `readers`, that many resumes on a
 * second context (another instance), each read to its end (`resumeExistingStream`); the producer
 * then publishes each chunk to each of them. The source waits until they are attached, so all see every chunk.
 */
export async function appendResumableStream(
  producer: ResumableContext,
  chunks: readonly string[],
  readers: Readers<ResumableContext> | null,
): Promise<AppendTiming> {
  const streamId = `bench-${randomUUID()}`;
  let release!: () => void;
  const go = new Promise<void>((resolve) => {
    release = resolve;
  });
  let index = 0;
  const source = () =>
    new ReadableStream<string>({
      async pull(controller) {
        if (index === 0) await go;
        if (index < chunks.length) controller.enqueue(chunks[index++]!);
        else controller.close();
      },
    });
  const body = await producer.createNewResumableStream(streamId, source);
  if (body === null) throw new Error('resumable-stream refused a new stream');
  let readDone: Promise<number> | null = null;
  if (readers !== null) {
    const written = chunks.join('');
    const all: Promise<void>[] = [];
    for (let i = 0; i < readers.count; i++) {
      const resumed = await readers.source.resumeExistingStream(streamId);
      if (resumed === null || resumed === undefined)
        throw new Error('resumable-stream found no stream to resume');
      all.push(
        readAll(resumed).then((text) => {
          if (text !== written) throw new Error('a resumed stream differs from what was written');
        }),
      );
    }
    readDone = Promise.all(all).then(() => performance.now());
  }
  const started = performance.now();
  release();
  const text = await readAll(body);
  const storedMs = performance.now() - started;
  if (text.length !== chunks.reduce((sum, chunk) => sum + chunk.length, 0)) {
    throw new Error('the producer stream lost chunks');
  }
  const readMs = readDone === null ? null : (await readDone) - started;
  return { storedMs, readMs };
}

async function readAll(stream: ReadableStream<string>): Promise<string> {
  const parts: string[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parts.join('');
    parts.push(value);
  }
}
