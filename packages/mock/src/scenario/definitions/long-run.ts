import { scenario } from '../builder.js';
import type { Scenario } from '../format.js';
import type { ScenarioSummary } from '../library.js';

/** How many streamed parts the long run has (text chunks plus tool and delegation parts). */
export const LONG_RUN_PARTS = 10_000;

const KEYWORDS = ['long run', 'stress', 'many parts'];

function description(parts: number): string {
  return `A long run of ${parts} parts, 1 ms apart: text, a delegation whose sub-agent runs two parallel streaming tools and streams a long result, and a final answer. Generated at load time, not shipped as a file.`;
}

/** What a library lists for the long run, known without building its 10 000 frames. */
export const LONG_RUN_SUMMARY: ScenarioSummary = {
  name: 'long-run',
  description: description(LONG_RUN_PARTS),
  protocol: 'chat-message-response',
  keywords: KEYWORDS,
};

/**
 * A long run of {@link LONG_RUN_PARTS} parts, 1 ms apart: an intro, a delegation whose
 * sub-agent runs two parallel streaming tools and streams its own long result, and a final
 * answer. Built at load time rather than shipped as a file (it would be megabytes of JSON Lines).
 */
export function longRun(parts: number = LONG_RUN_PARTS): Scenario {
  // Shares of the parts: text 2 × 2 %, tools 2 × 24 %, delegation result the rest.
  const textParts = Math.max(1, Math.floor(parts * 0.02));
  const toolParts = Math.max(1, Math.floor(parts * 0.24));
  const delegationParts = parts - 2 * textParts - 2 * toolParts;
  const words = (count: number, label: string) =>
    Array.from({ length: count }, (_, i) => `${label}${i + 1} `).join('');

  return scenario('long-run', description(parts), { keywords: KEYWORDS })
    .text(words(textParts, 'intro'), { wordsPerChunk: 1, delay: 1 })
    .delegation({ agent: 'bulk_agent', task: 'Process every record', delay: 1 }, (sub) => {
      sub.parallel(
        [
          {
            tool: 'scan_logs',
            args: { shard: 1 },
            result: { output: words(toolParts, 'log'), stream: { wordsPerChunk: 1, delay: 1 } },
          },
          {
            tool: 'scan_metrics',
            args: { shard: 2 },
            result: { output: words(toolParts, 'metric'), stream: { wordsPerChunk: 1, delay: 1 } },
          },
        ],
        { delay: 1, resultDelay: 1 },
      );
      // The last part is written by finish(), so stream one fewer here.
      sub.stream(words(delegationParts - 1, 'record'), { wordsPerChunk: 1, delay: 1, firstDelay: 1 });
      sub.finish({ lastPart: 'end.', delay: 1 });
    })
    .text(words(textParts, 'answer'), { wordsPerChunk: 1, delay: 1 })
    .done({ delay: 1 })
    .build();
}
