import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The repository's root: the fixture runs from there, where `tsx` is installed. */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../fixtures/instance.ts', import.meta.url));

/** A line the fixture printed (see fixtures/instance.ts). */
export interface InstanceEvent {
  type: string;
  instance: string;
  /** The fixture's clock (`Date.now()`, the same machine's as the test's). */
  at: number;
  runId?: string;
  reason?: string;
  port?: number;
  detail?: string;
}

/** A backend instance in a process of its own. */
export interface Instance {
  readonly name: string;
  readonly pid: number;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** `<origin>/api/chat/stream` */
  readonly endpoint: string;
  /** Everything it printed so far. */
  readonly events: readonly InstanceEvent[];
  /** The first event (past or future) that matches, within `timeoutMs`. */
  waitFor(match: (event: InstanceEvent) => boolean, timeoutMs?: number): Promise<InstanceEvent>;
  /** `kill -9`: resolves when the process is gone. */
  crash(): Promise<void>;
  /** SIGTERM (its handler closes runs and connections), then SIGKILL after 5 s. */
  stop(): Promise<void>;
  /** What it wrote on stderr (for a failure's message). */
  stderr(): string;
}

export interface InstanceOptions {
  name: string;
  redisUrl: string;
  leaseMs: number;
  prefix?: string;
}

/** Starts fixtures/instance.ts with Node (`--import tsx`) and waits until it listens. */
export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const args = [
    '--conditions=@toolstream/source',
    '--import',
    'tsx',
    FIXTURE,
    '--redis',
    options.redisUrl,
    '--lease-ms',
    String(options.leaseMs),
    '--name',
    options.name,
    ...(options.prefix === undefined ? [] : ['--prefix', options.prefix]),
  ];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const events: InstanceEvent[] = [];
  const waiters = new Set<{
    match: (event: InstanceEvent) => boolean;
    resolve: (e: InstanceEvent) => void;
  }>();
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    stderr = (stderr + text).slice(-20_000);
  });
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let event: InstanceEvent;
    try {
      event = JSON.parse(line) as InstanceEvent;
    } catch {
      stderr += `[stdout] ${line}\n`;
      return;
    }
    events.push(event);
    for (const waiter of [...waiters]) {
      if (waiter.match(event)) {
        waiters.delete(waiter);
        waiter.resolve(event);
      }
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const waitFor = (match: (event: InstanceEvent) => boolean, timeoutMs = 10_000) => {
    const seen = events.find(match);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise<InstanceEvent>((resolve, reject) => {
      const waiter = {
        match,
        resolve: (event: InstanceEvent) => {
          clearTimeout(timer);
          resolve(event);
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`${options.name}: no matching event within ${timeoutMs} ms. stderr:\n${stderr}`));
      }, timeoutMs);
      waiters.add(waiter);
      void exited.then(() => {
        if (!waiters.has(waiter)) return;
        // Its last lines may still be in the pipe: give them a moment before giving up.
        setTimeout(() => {
          if (!waiters.delete(waiter)) return;
          clearTimeout(timer);
          reject(new Error(`${options.name} exited (${child.exitCode}). stderr:\n${stderr}`));
        }, 200);
      });
    });
  };

  let listening: InstanceEvent;
  try {
    // Starting Node with tsx on a shared, busy machine can take a while.
    listening = await waitFor((event) => event.type === 'listening', 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const origin = `http://127.0.0.1:${listening.port}`;
  return {
    name: options.name,
    pid: child.pid!,
    origin,
    endpoint: `${origin}/api/chat/stream`,
    events,
    waitFor,
    crash: () => signal(child, 'SIGKILL', exited),
    async stop() {
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await signal(child, 'SIGTERM', exited);
      clearTimeout(timer);
    },
    stderr: () => stderr,
  };
}

async function signal(child: ChildProcess, name: NodeJS.Signals, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill(name);
  await exited;
}
