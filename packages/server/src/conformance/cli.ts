#!/usr/bin/env node
/** The `toolstream-conformance` command: see `toolstream-conformance --help`. */
import { runCli } from './cli/run-cli.js';

process.exitCode = await runCli(process.argv.slice(2));
