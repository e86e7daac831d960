/** How long a name made from a user's message may be. */
const MAX_WORDS = 6;

/**
 * A scenario name (kebab-case, as the mock requires: `[a-z0-9]` words joined by `-`) from `text`:
 * a name given by the caller is only tidied; one made from a user's message takes its first words
 * after `recorded-`.
 */
export function scenarioName(text: string, fromMessage: boolean): string {
  const words = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '');
  const kept = fromMessage ? words.slice(0, MAX_WORDS) : words;
  const name = kept.join('-');
  if (!fromMessage) return name === '' ? 'recorded-run' : name;
  return name === '' ? 'recorded-run' : `recorded-${name}`;
}
