import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scenarioDefinitions } from '../scenario/definitions/index.js';
import type { Scenario } from '../scenario/format.js';
import {
  builtinEntries,
  createScenarioLibrary,
  type ScenarioEntry,
  type ScenarioLibrary,
} from '../scenario/library.js';
import { ScenarioFormatError, type ScenarioIssue, validateScenarioText } from '../scenario/validate.js';

/** The folder of the scenario files shipped with the package (`scenarios/` beside `src/` and `dist/`). */
export const shippedScenariosDir: string = fileURLToPath(new URL('../../scenarios/', import.meta.url));

/** Reads and checks one scenario file; its header name must equal the file's base name. */
export async function readScenarioFile(path: string): Promise<Scenario> {
  const text = await readFile(path, 'utf8');
  const result = validateScenarioText(text, { file: path, expectedName: basename(path, '.jsonl') });
  if (!result.ok) throw new ScenarioFormatError(result.issues);
  return result.scenario;
}

/** Reads every `*.jsonl` of a folder (sorted by name). All problems of all files are reported at once. */
export async function readScenarioDir(dir: string): Promise<Scenario[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.jsonl')).sort();
  const scenarios: Scenario[] = [];
  const issues: ScenarioIssue[] = [];
  for (const file of files) {
    try {
      scenarios.push(await readScenarioFile(join(dir, file)));
    } catch (cause) {
      if (!(cause instanceof ScenarioFormatError)) throw cause;
      issues.push(...cause.issues);
    }
  }
  if (issues.length > 0) throw new ScenarioFormatError(issues);
  return scenarios;
}

/** Options of {@link loadScenarioLibrary}. */
export interface LoadScenariosOptions {
  /** A folder of your own `*.jsonl` scenarios; they replace built-in ones of the same name. */
  dir?: string;
  /** Include the shipped scenarios (the files, plus those built at load time). Default `true`. */
  builtin?: boolean;
}

/**
 * The library the server replays: the shipped files (read from disk, so what is served is what
 * is committed), the built-in scenarios that are generated at load time (`long-run`), and the
 * files of `dir`.
 */
export async function loadScenarioLibrary(options: LoadScenariosOptions = {}): Promise<ScenarioLibrary> {
  const entries: ScenarioEntry[] = [];
  if (options.builtin ?? true) {
    // In the built-in order, as the MSW handlers list them: keyword matching goes by this order.
    const order = scenarioDefinitions.map((definition) => definition.name);
    const rank = (scenario: Scenario) => {
      const index = order.indexOf(scenario.header.name);
      return index === -1 ? order.length : index;
    };
    entries.push(...(await readScenarioDir(shippedScenariosDir)).sort((a, b) => rank(a) - rank(b)));
    const generated = new Set(scenarioDefinitions.filter((d) => !d.shipped).map((d) => d.name));
    entries.push(...builtinEntries().filter((entry) => generated.has(entry.name)));
  }
  if (options.dir !== undefined) entries.push(...(await readScenarioDir(options.dir)));
  return createScenarioLibrary(entries);
}
