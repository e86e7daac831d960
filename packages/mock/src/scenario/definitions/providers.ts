import type { Scenario, ScenarioFrame } from '../format.js';
import { ScenarioFormatError, validateScenario } from '../validate.js';
import type { CapturedFrame } from './provider-frames.js';
import type { ProviderScenarioSpec } from './provider-specs.js';
import { PROVIDER_STREAMS } from './provider-streams.generated.js';

/** Before the first frame, as a model takes a moment to start. */
const FIRST_DELAY_MS = 300;
/** Between frames: fixtures carry no timing, so every frame gets the same pace. */
const FRAME_DELAY_MS = 120;

/**
 * The scenario of a provider spec: its frames as captured from the fixture (by default the
 * generated copy in `provider-streams.generated.ts`), paced evenly. Checked like a file.
 */
export function providerScenario(
  spec: ProviderScenarioSpec,
  frames: readonly CapturedFrame[] | undefined = PROVIDER_STREAMS[spec.fixture],
): Scenario {
  if (frames === undefined || frames.length === 0) {
    throw new Error(
      `No frames for ${spec.fixture}: run \`npx tsx packages/mock/scripts/generate-scenarios.ts\`.`,
    );
  }
  const steps = frames.map(
    (frame, index): ScenarioFrame => ({ delay: index === 0 ? FIRST_DELAY_MS : FRAME_DELAY_MS, ...frame }),
  );
  const scenario: Scenario = {
    header: {
      type: 'header',
      name: spec.name,
      description: spec.description,
      protocol: spec.protocol,
      keywords: [...spec.keywords],
    },
    steps,
  };
  const result = validateScenario(scenario);
  if (!result.ok) throw new ScenarioFormatError(result.issues);
  return result.scenario;
}
