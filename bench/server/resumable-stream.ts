import { createClient } from 'redis';
import { createResumableStreamContext, type ResumableStreamContext } from 'resumable-stream';

/**
 * The AI SDK's `resumable-stream` (vercel/resumable-stream), as its README sets it up: a context
 * per instance, given a publisher and a subscriber from the `redis` package (node-redis), both
 * connected to the same redis-server as toolstream's store. A producing context keeps the chunks
 * in its own memory and publishes them to resumers over pub/sub; a resuming context asks the
 * producer for them.
 */
export type ResumableContext = ResumableStreamContext;

export interface ResumableInstance {
  context: ResumableContext;
  close(): Promise<void>;
}

export async function resumableInstance(url: string, keyPrefix: string): Promise<ResumableInstance> {
  const publisher = createClient({ url });
  const subscriber = createClient({ url });
  // A connection error (redis-server stopped at the end) is the benchmark's to see, not to crash on.
  for (const client of [publisher, subscriber]) client.on('error', () => {});
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const context = createResumableStreamContext({
    waitUntil: null,
    keyPrefix,
    // node-redis clients, as the README says ("designed to be compatible with clients from the redis package").
    publisher: publisher as unknown as Parameters<typeof createResumableStreamContext>[0]['publisher'],
    subscriber: subscriber as unknown as Parameters<typeof createResumableStreamContext>[0]['subscriber'],
  });
  return {
    context,
    async close() {
      await Promise.all([publisher.close(), subscriber.close()]);
    },
  };
}
