/**
 * Starts the LangGraph API server (`@langchain/langgraph-api`, in memory: what `langgraph dev`
 * runs) on 127.0.0.1 with the graphs of `graphs.ts`, in its own process (it loads graphs by
 * file, and keeps process-wide state). Its working directory is given as the first argument;
 * it prints `LISTENING http://127.0.0.1:<port>` once it accepts requests.
 *
 *   node --import tsx server.ts <working directory>
 */
import { fileURLToPath } from 'node:url';
import { startServer } from '@langchain/langgraph-api/server';

const cwd = process.argv[2] ?? process.cwd();
const graphs = fileURLToPath(new URL('./graphs.ts', import.meta.url));
const { host } = await startServer({
  port: 0,
  nWorkers: 2,
  host: '127.0.0.1',
  cwd,
  graphs: {
    supervisor: `${graphs}:supervisor`,
    approvals: `${graphs}:approvals`,
    questions: `${graphs}:questions`,
  },
});
process.stdout.write(`LISTENING http://${host}\n`);
