#!/usr/bin/env node
/** The `toolstream-mock` command: see `toolstream-mock help`. */
import { runCli } from './cli/run-cli.js';

const result = await runCli(process.argv.slice(2));
const server = result.server;
if (server === undefined) {
  process.exitCode = result.code;
} else {
  const stop = () => {
    server.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
