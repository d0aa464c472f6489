// The 95% Wilson score interval of a proportion. The dashboard's bundle imports this very file
// the server computes with: an interval the page draws is the API's, not a copy that could drift.

/** Wilson score interval of k successes in n trials, in percent (unrounded); null without trials. */
export function wilsonPercent(k: number, n: number, z = 1.96): [number, number] | null {
  if (!n) return null;
  const p = k / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return [100 * Math.max(0, centre - half), 100 * Math.min(1, centre + half)];
}
