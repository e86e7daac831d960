import { latestAnswer, reduceStream, type ToolCallState, type ToolStreamState } from '@toolstream/core';
import { builtinScenarios, scenarioToSse } from '@toolstream/mock';

const library = builtinScenarios();

/** What a scenario reduces to when read whole: the truth a UI's final state must match. */
export interface ExpectedRun {
  /** The assistant's text parts, in order. */
  textParts: string[];
  /** The whole text. */
  text: string;
  /** Calls by tool name. */
  call(tool: string): ToolCallState;
  state: ToolStreamState;
}

/** Reduces the SSE a scenario is served as through `@toolstream/core`'s `reduceStream`. */
export async function expectedRun(name: string): Promise<ExpectedRun> {
  const scenario = library.get(name);
  if (scenario === undefined) throw new Error(`no scenario ${name}`);
  let state: ToolStreamState | null = null;
  const snapshot = await reduceStream(scenarioToSse(scenario), {
    onState: (final) => {
      state = final;
    },
  });
  const final = state as ToolStreamState | null;
  if (final === null) throw new Error(`${name}: reduceStream gave no state`);
  const message = final.messages.at(-1);
  const textParts =
    message?.role === 'assistant'
      ? message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : []))
      : [];
  return {
    textParts,
    text: snapshot.text,
    state: final,
    call(tool) {
      const calls = Object.values(latestAnswer(final)?.calls ?? {});
      const found = calls.find((call) => call.toolName === tool);
      if (found === undefined) throw new Error(`${name}: no call of ${tool}`);
      return found;
    },
  };
}
