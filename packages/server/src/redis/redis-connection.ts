/**
 * The few things the Redis store needs of a client: send a command, and open a connection of its
 * own for blocking reads. `node-redis` (the `redis` package, v5 or later) is one: pass the client
 * you made with `createClient()`. Valkey speaks the same commands.
 */
export interface RedisClientLike {
  sendCommand(args: string[]): Promise<unknown>;
  /** A new client with the same options, not yet connected. */
  duplicate(): RedisDuplicateLike;
}

/** A client made by {@link RedisClientLike.duplicate}. */
export interface RedisDuplicateLike {
  connect(): Promise<unknown>;
  sendCommand(args: string[]): Promise<unknown>;
  close?(): Promise<unknown>;
  destroy?(): unknown;
  quit?(): Promise<unknown>;
  on?(event: 'error', listener: (error: unknown) => void): unknown;
}

/** Closes a client the store opened, whichever API it has. */
export async function closeClient(client: RedisDuplicateLike): Promise<void> {
  try {
    if (client.close !== undefined) await client.close();
    else if (client.quit !== undefined) await client.quit();
    else client.destroy?.();
  } catch {
    client.destroy?.();
  }
}

/** Whether an error is Redis's answer that a script is not loaded (after a restart or `SCRIPT FLUSH`). */
export function isNoScript(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('NOSCRIPT');
}
