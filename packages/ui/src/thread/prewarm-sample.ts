/**
 * The run a thread renders, unseen, to warm up (see `prewarm.tsx`): a delegation whose sub-agent
 * streams markdown from several tools at once, in the primary protocol. It covers the render
 * paths of a real run — calls appearing, nested under a delegation, text growing in place
 * (plain words, bold, lists, paragraphs, non-Latin scripts), calls completing and one failing —
 * so the browser has compiled them before the first real burst. Deterministic: the same chunks
 * on every page.
 */

/** Calls the sample streams under its delegation. */
const TOOL_CALLS = 10;
/** New calls per step: few, because the first steps run on code the browser has not compiled. */
const NEW_CALLS_PER_STEP = 2;
/** Pieces each call streams before it completes. */
const PIECES_PER_CALL = 5;

const TOOLS = ['search_docs', 'fetch_page', 'query_tickets', 'read_calendar', 'lookup_glossary'];
// Several scripts and accents: the first text in a script the page has not shown makes the
// browser find a fallback font, which is part of what a cold first burst pays.
const WORDS = ['onboarding', 'checklist', 'Überblick', 'données', 'café', '手順', 'отчёт', 'policy', 'VPN'];

const DELEGATION_ID = 'prewarm-delegation';
const callId = (index: number) => `prewarm-call-${index}`;

/** The `index`-th piece of a call's output: words, now and then bold, a list item or a new paragraph. */
function piece(call: number, index: number): string {
  const word = (offset: number) => WORDS[(call * 3 + index + offset) % WORDS.length]!;
  switch ((call + index) % 4) {
    case 0:
      return `${index === 0 ? '' : ' '}${word(0)} ${word(1)} ${word(2)}`;
    case 1:
      return ` **${word(0)} ${word(1)}** ${word(2)}`;
    case 2:
      return `\n- ${word(0)} ${word(1)}`;
    default:
      return `\n\n${word(0)} \`${word(1)}\` ${word(2)}`;
  }
}

function entry(call: number, part: string, complete: boolean): Record<string, unknown> {
  const details: Record<string, unknown> = { agent: 'researcher', parent_call_id: DELEGATION_ID };
  if (call === 0) details.summary = 'Reading the onboarding pages';
  // One call fails, so the error path is warm too.
  if (complete && call === TOOL_CALLS - 1) details.error = 'The page did not answer';
  return {
    call_id: callId(call),
    event_type: 'result',
    tool_name: TOOLS[call % TOOLS.length],
    tool_response: '',
    tool_call_details: details,
    stream_part: part,
    is_complete: complete,
  };
}

const frame = (message: string, toolCalls: Record<string, unknown>[]) =>
  JSON.stringify({ message, citations: [], tool_calls: toolCalls });

/**
 * The sample as steps: each step is the frames (`ChatMessageResponse` JSON) to ingest before one
 * render. Every step starts at most {@link NEW_CALLS_PER_STEP} calls and adds a piece to every
 * open one; the last steps complete the delegation and the answer.
 */
export function prewarmSteps(): string[][] {
  const steps: string[][] = [
    [
      frame('Let me look into **onboarding**', [
        {
          call_id: DELEGATION_ID,
          event_type: 'delegation_call',
          tool_name: 'delegate',
          tool_response: '',
          tool_call_details: { agent: 'researcher', summary: 'Research the onboarding steps' },
          is_complete: true,
        },
      ]),
    ],
  ];
  // Updates sent per started call (call `i` is the `i`-th started): its pieces, then the final one.
  const sent: number[] = [];
  while (sent.length < TOOL_CALLS || sent.some((count) => count <= PIECES_PER_CALL)) {
    const frames: string[] = [];
    for (let n = 0; n < NEW_CALLS_PER_STEP && sent.length < TOOL_CALLS; n++) sent.push(0);
    const entries: Record<string, unknown>[] = [];
    for (const [call, count] of sent.entries()) {
      if (count > PIECES_PER_CALL) continue;
      // After its last piece, a call's final update completes it (with an empty part).
      entries.push(entry(call, count < PIECES_PER_CALL ? piece(call, count) : '', count === PIECES_PER_CALL));
      sent[call] = count + 1;
    }
    // Two frames per step, as tool updates often come in several frames between renders.
    const half = Math.ceil(entries.length / 2);
    frames.push(frame(steps.length % 2 === 0 ? ' and the team pages' : '', entries.slice(0, half)));
    if (entries.length > half) frames.push(frame('', entries.slice(half)));
    steps.push(frames);
  }
  steps.push([
    frame('\n\nHere is what I found:\n\n- **Laptop** first\n- then `VPN` access', [
      {
        call_id: DELEGATION_ID,
        event_type: 'delegation_result',
        tool_name: 'delegate',
        tool_response: 'Done',
        tool_call_details: { agent: 'researcher' },
        is_complete: true,
      },
    ]),
  ]);
  return steps;
}
