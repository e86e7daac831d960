import { scenarioDefinitions } from './definitions/index.js';
import type { Scenario, ScenarioProtocol } from './format.js';

/** What a library says about a scenario without building it. */
export interface ScenarioSummary {
  name: string;
  description: string;
  protocol: ScenarioProtocol;
  keywords: string[];
}

/** A named set of scenarios, the source the MSW handlers and the server replay from. */
export interface ScenarioLibrary {
  /** Names, in listing order. */
  names(): string[];
  has(name: string): boolean;
  /** The scenario, built on first use; `undefined` for an unknown name. */
  get(name: string): Scenario | undefined;
  /** Name, description, protocol and keywords of each scenario, in listing order. */
  list(): ScenarioSummary[];
  /**
   * The scenario a user's message asks for when the request names none: a scenario name that
   * appears in the message (longest first), else the first scenario with a keyword in it.
   */
  match(message: string): string | undefined;
}

/** A scenario built only when first asked for (large ones, or ones read elsewhere). */
export interface LazyScenario {
  name: string;
  load: () => Scenario;
  /** Known without building; otherwise built from the scenario on first need. */
  summary?: ScenarioSummary;
}

/** What {@link createScenarioLibrary} takes. */
export type ScenarioEntry = Scenario | LazyScenario;

interface Slot {
  load: () => Scenario;
  summary: () => ScenarioSummary;
}

/**
 * Makes a {@link ScenarioLibrary}. A later entry with the same name replaces an earlier one,
 * so a user's scenarios can override built-in ones.
 */
export function createScenarioLibrary(entries: Iterable<ScenarioEntry>): ScenarioLibrary {
  const byName = new Map<string, Slot>();
  for (const entry of entries) {
    if ('header' in entry) {
      const summary = summarize(entry);
      byName.set(entry.header.name, { load: () => entry, summary: () => summary });
      continue;
    }
    const load = memoize(entry.load);
    const known = entry.summary;
    byName.set(entry.name, { load, summary: known ? () => known : memoize(() => summarize(load())) });
  }
  const namesByLength = () => [...byName.keys()].sort((a, b) => b.length - a.length);

  return {
    names: () => [...byName.keys()],
    has: (name) => byName.has(name),
    get: (name) => byName.get(name)?.load(),
    list: () => [...byName.values()].map((slot) => copy(slot.summary())),
    match(message) {
      const text = message.toLowerCase();
      const named = namesByLength().find((name) => text.includes(name));
      if (named !== undefined) return named;
      for (const [name, slot] of byName) {
        if (slot.summary().keywords.some((keyword) => text.includes(keyword.toLowerCase()))) return name;
      }
      return undefined;
    },
  };
}

/** The summary of a scenario held in memory. */
export function summarize(scenario: Scenario): ScenarioSummary {
  const { name, description, protocol, keywords } = scenario.header;
  return { name, description, protocol, keywords: [...(keywords ?? [])] };
}

let builtin: ScenarioLibrary | null = null;

/**
 * The scenarios shipped with the package. They are built from the same builder code that
 * generates `scenarios/*.jsonl` (a test keeps the two equal), so this works in a browser
 * without reading files. Each is built on first use.
 */
export function builtinScenarios(): ScenarioLibrary {
  builtin ??= createScenarioLibrary(builtinEntries());
  return builtin;
}

/** The built-in scenarios as lazy entries (to merge with others in a library of your own). */
export function builtinEntries(): LazyScenario[] {
  return scenarioDefinitions.map((definition) => ({
    name: definition.name,
    load: definition.build,
    ...(definition.summary === undefined ? {} : { summary: definition.summary }),
  }));
}

function copy(summary: ScenarioSummary): ScenarioSummary {
  return { ...summary, keywords: [...summary.keywords] };
}

function memoize<T>(build: () => T): () => T {
  let built: { value: T } | null = null;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}
