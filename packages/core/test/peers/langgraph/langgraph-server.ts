import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A LangGraph API server in a child process (see `server.ts`). */
export interface LangGraphServer {
  /** `http://127.0.0.1:<port>` */
  apiUrl: string;
  stop(): Promise<void>;
}

/** Starts `server.ts` with tsx in a child process, in a fresh directory, and waits until it listens. */
export async function startLangGraphServer(timeoutMs = 90_000): Promise<LangGraphServer> {
  const dir = mkdtempSync(join(tmpdir(), 'toolstream-langgraph-'));
  const script = fileURLToPath(new URL('./server.ts', import.meta.url));
  // The server's files go to `dir`; the process itself runs here, where `tsx` resolves.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script, dir], {
    env: { ...process.env, LANGSMITH_TRACING: 'false', LANGCHAIN_TRACING_V2: 'false', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const apiUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The LangGraph server did not start:\n${output}`)),
      timeoutMs,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /LISTENING (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match !== null) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The LangGraph server exited (${code}):\n${output}`));
    });
  });
  return {
    apiUrl,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
