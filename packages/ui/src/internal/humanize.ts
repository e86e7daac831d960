/**
 * A machine name as words for people: `search_confluence` → "Search confluence",
 * `getWeather` → "Get weather", `researcher-2` → "Researcher 2". Words written in capitals
 * (`URL`, `Q3`) keep them. An empty name stays empty.
 */
export function humanize(name: string): string {
  let known = cache.get(name);
  if (known === undefined) {
    known = words(name);
    // A handful of tool and agent names, asked for on every update of every call: remember them.
    if (cache.size > 500) cache.clear();
    cache.set(name, known);
  }
  return known;
}

const cache = new Map<string, string>();

function words(name: string): string {
  const spaced = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.\s]+/g, ' ')
    .trim();
  if (spaced === '') return '';
  const text = spaced
    .split(' ')
    .map((word) => (/^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
