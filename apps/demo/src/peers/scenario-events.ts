import { createAdapterContext, type StreamEvent } from '@toolstream/core/adapters';
import { allProtocols } from '@toolstream/core/providers';
import { builtinScenarios, scenarioFrames } from '@toolstream/mock';

/** One frame of a scenario as the normalized events it means, with the wait before it. */
export interface TimedEvents {
  delay: number;
  events: StreamEvent[];
}

/**
 * A mock scenario (in whatever format it is written) as normalized events, frame by frame: read
 * by toolstream's own adapter for its format, so the demo's peer backends (AI SDK, LangGraph)
 * replay exactly what the mock backend would, each in its own format.
 */
export function scenarioEvents(name: string): TimedEvents[] {
  const library = builtinScenarios();
  const scenario = library.get(name) ?? library.get('subagent-delegation')!;
  const definition = allProtocols.find((candidate) => candidate.name === scenario.header.protocol)!;
  const adapter = definition.create(createAdapterContext());
  const out: TimedEvents[] = [];
  for (const frame of scenarioFrames(scenario)) {
    const events: StreamEvent[] = [];
    adapter.push({ event: frame.event, data: frame.data, id: frame.id }, (event) => events.push(event));
    out.push({ delay: frame.delay, events });
  }
  const last: StreamEvent[] = [];
  adapter.end((event) => last.push(event));
  out.push({ delay: 0, events: last });
  return out;
}
