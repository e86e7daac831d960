/** A fault the mock backend can inject (its `X-Mock-Fault` switches; see packages/mock/README.md). */
export interface FaultOption {
  id: string;
  /** The switch sent to the mock. */
  fault: string;
  label: string;
  hint: string;
  /** Extra headers the switch needs. */
  headers?: Record<string, string>;
}

export const FAULTS: readonly FaultOption[] = [
  { id: 'http-500', fault: 'status:500', label: 'Server error', hint: 'The request fails with HTTP 500.' },
  {
    id: 'http-429',
    fault: 'status:429',
    label: 'Rate limited',
    hint: 'HTTP 429 with Retry-After: 2 s; the client waits and tries again.',
    headers: { 'x-mock-retry-after': '2' },
  },
  {
    id: 'drop',
    fault: 'drop-after:6',
    label: 'Dropped connection',
    hint: 'The stream breaks after 6 frames; the client re-attaches with Last-Event-ID.',
  },
  {
    id: 'html',
    fault: 'content-type',
    label: 'Sign-in page',
    hint: 'The server answers with an HTML page instead of a stream.',
  },
];

/** Which faults are on, and whether for the next request only or for every request. */
export interface FaultSelection {
  on: readonly string[];
  once: boolean;
}

/** The mock's headers for a selection (none when no fault is on). */
export function faultHeaders(selection: FaultSelection): Record<string, string> {
  const chosen = FAULTS.filter((option) => selection.on.includes(option.id));
  if (chosen.length === 0) return {};
  return Object.assign(
    { 'x-mock-fault': chosen.map((option) => option.fault).join(',') },
    ...chosen.map((option) => option.headers ?? {}),
  );
}
