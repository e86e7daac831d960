/** The value at quantile `q` (0..1) of `values`, nearest rank; NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}
