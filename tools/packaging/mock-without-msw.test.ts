import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO, readManifest } from './packages.js';

const run = promisify(execFile);
const packed = inject('packed');

/**
 * The packed mock in an app that has no msw: a folder outside the repository (so nothing can
 * find the repository's msw), with the packed core, server and mock, and their own dependencies.
 */
let app: string;

beforeAll(async () => {
  app = await mkdtemp(join(tmpdir(), 'toolstream-mock-without-msw-'));
  const modules = join(app, 'node_modules');
  await mkdir(join(modules, '@toolstream'), { recursive: true });
  await cp(packed.core.dir, join(modules, '@toolstream/core'), { recursive: true });
  await cp(packed.server.dir, join(modules, '@toolstream/server'), { recursive: true });
  await cp(packed.mock.dir, join(modules, '@toolstream/mock'), { recursive: true });
  const external = new Set(
    [packed.core, packed.server, packed.mock]
      .flatMap((pack) => Object.keys(readManifest(pack.dir).dependencies ?? {}))
      .filter((name) => !name.startsWith('@toolstream/')),
  );
  for (const dependency of external) {
    await mkdir(join(modules, dependency, '..'), { recursive: true });
    await symlink(join(REPO, 'node_modules', dependency), join(modules, dependency));
  }
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
});

afterAll(async () => {
  if (app !== undefined) await rm(app, { recursive: true, force: true });
});

const node = (code: string) => run(process.execPath, ['--input-type=module', '-e', code], { cwd: app });

describe('@toolstream/mock without msw installed', () => {
  it('has no msw to find here (the main, MSW entry says so)', async () => {
    await expect(node("await import('@toolstream/mock');")).rejects.toThrow(
      /Cannot find (package|module) 'msw'/,
    );
  });

  it('runs its command line: lists the scenarios', async () => {
    const { stdout } = await run(
      process.execPath,
      [join(app, 'node_modules/@toolstream/mock/dist/cli.js'), 'list'],
      {
        cwd: app,
      },
    );
    expect(stdout).toContain('subagent-delegation');
    expect(stdout).toContain('single-call');
  });

  it('serves runs from @toolstream/mock/node (a real server) and @toolstream/mock/fetch', async () => {
    const { stdout } = await node(`
      import { reduceStream } from '@toolstream/core';
      import { createFetchHandler } from '@toolstream/mock/fetch';
      import { createMockServer } from '@toolstream/mock/node';
      const server = await createMockServer({ speed: Infinity, port: 0 });
      const body = JSON.stringify({ message: 'hi', scenario: 'single-call' });
      const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body };
      const overHttp = await reduceStream((await fetch(server.endpoint, init)).body);
      await server.close();
      const handle = createFetchHandler({ speed: Infinity });
      const inProcess = await reduceStream((await handle(new Request('http://x/api/chat/stream', init))).body);
      console.log(JSON.stringify([overHttp, inProcess].map((s) => s.toolCalls.map((c) => c.tool_name))));
      // Finished runs are kept a while for re-attaching (graceMs); nothing more to wait for here.
      process.exit(0);
    `);
    expect(JSON.parse(stdout)).toEqual([['get_weather'], ['get_weather']]);
  });
});
