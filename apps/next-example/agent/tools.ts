/**
 * The agent's tools. Here they answer from a few records in memory; in your app they call your
 * services (and pass `signal` on, so a stopped run stops them too).
 */

const FORECASTS: Record<string, string> = {
  oslo: 'Oslo: 4 °C, light snow, wind 12 km/h from the north.',
  seoul: 'Seoul: 25 °C, clear, humidity 40 %.',
  lisbon: 'Lisbon: 19 °C, sunny spells, a breeze from the sea.',
};

const DOCS = [
  { title: 'Onboarding › First week', url: 'https://wiki.example.com/onboarding/first-week' },
  { title: 'Incident review: the March outage', url: 'https://wiki.example.com/incidents/march' },
  { title: 'How we deploy', url: 'https://wiki.example.com/engineering/deploy' },
];

/** Today's weather in a city. */
export async function getWeather(args: { city: string }, signal: AbortSignal): Promise<string> {
  await pause(400, signal);
  return FORECASTS[args.city.toLowerCase()] ?? `${args.city}: no forecast available.`;
}

/** Pages of the wiki that mention a query. */
export async function searchDocs(
  args: { query: string },
  signal: AbortSignal,
): Promise<{ title: string; url: string }[]> {
  await pause(500, signal);
  const words = args.query
    .toLowerCase()
    .split(/\W+/)
    .filter((word) => word.length > 3);
  const hits = DOCS.filter((doc) => words.some((word) => doc.title.toLowerCase().includes(word)));
  return hits.length > 0 ? hits : DOCS.slice(0, 2);
}

/** Waits, unless the run is stopped first. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
