import { scenarioDefinitions } from './definitions/index.js';
import { serializeScenario } from './format.js';

/** The shipped scenario files as the generator writes them: file name → JSON Lines text. */
export function generatedScenarioFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const definition of scenarioDefinitions) {
    if (!definition.shipped) continue;
    const scenario = definition.build();
    if (scenario.header.name !== definition.name) {
      throw new Error(`Definition "${definition.name}" builds a scenario named "${scenario.header.name}".`);
    }
    files.set(`${definition.name}.jsonl`, serializeScenario(scenario));
  }
  return files;
}
