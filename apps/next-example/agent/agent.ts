import { playScenario, systemClock } from '@toolstream/mock/fetch';
import type { RunContext } from '@toolstream/server';
import { nextStep, recordedRun, researchStep, type ToolRequest, type Transcript } from './model';
import { getWeather, pause, searchDocs } from './tools';

/** What the chat pages send: the message, and optionally one of the mock's recorded runs. */
export type ChatBody = { message?: unknown; scenario?: unknown };

/**
 * A small agent loop on `@toolstream/server`: ask the model, stream what it says, run the tools it
 * asks for (a sub-agent among them), feed their results back, until it answers without calling a
 * tool. The writer turns each step into toolstream's protocol; the handler makes the run
 * resumable and cancellable. `signal` aborts when the user presses Stop.
 */
export async function runAgent({ body, writer, signal }: RunContext<ChatBody>): Promise<void> {
  const message = typeof body.message === 'string' ? body.message : '';
  const recorded = recordedRun(body.scenario);
  if (recorded !== undefined) {
    // One of the mock's recorded runs, played into the run as it was recorded.
    const frame = (served: { event?: string; data: string }) =>
      writer.frame(
        served.event === undefined ? { data: served.data } : { event: served.event, data: served.data },
      );
    await playScenario(
      recorded,
      { frame, disconnect: () => {} },
      {
        speed: 1,
        clock: systemClock,
        signal,
      },
    );
    return;
  }

  const transcript: Transcript = { message, results: [] };
  for (let step = 0; step < 5 && !signal.aborted; step++) {
    const { text, calls } = nextStep(transcript);
    await streamText(text, writer.text, signal);
    if (calls.length === 0) return;
    for (const call of calls) transcript.results.push({ tool: call.tool, output: await runTool(call) });
  }

  async function runTool(request: ToolRequest): Promise<string> {
    if (request.tool === 'ask_research_agent') return research(request.args.task);
    const call = writer.toolCall(request.tool, { args: request.args });
    try {
      const output =
        request.tool === 'get_weather'
          ? await getWeather(request.args, signal)
          : JSON.stringify(await searchDocs(request.args, signal));
      call.result(output);
      return output;
    } catch (error) {
      if (signal.aborted) throw error;
      call.fail(error instanceof Error ? error.message : 'The tool failed.');
      return 'The tool failed.';
    }
  }

  /** The research sub-agent: its own loop, nested under its delegation. */
  async function research(task: string): Promise<string> {
    const delegation = writer.delegate('research_agent', { task, summary: 'Searching the wiki' });
    const plan = researchStep(task, null);
    let found = '';
    for (const request of plan.calls) {
      if (request.tool !== 'search_docs') continue;
      const call = delegation.toolCall('search_docs', { args: request.args });
      const hits = await searchDocs(request.args, signal);
      call.result(JSON.stringify(hits));
      found = hits.map((hit) => hit.title).join('; ');
      writer.citations(hits.map((hit) => hit.url));
    }
    const { text } = researchStep(task, found);
    await streamText(text, (part) => delegation.stream(part), signal);
    delegation.result();
    return text;
  }
}

/** Streams text a few words at a time, as a model would. */
async function streamText(text: string, write: (part: string) => void, signal: AbortSignal): Promise<void> {
  for (const part of text.match(/\S+\s*/g) ?? []) {
    write(part);
    await pause(40, signal);
  }
}
