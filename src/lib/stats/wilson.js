// The 95% Wilson score interval of a proportion, in plain JavaScript so the browser dashboard
// imports the very file the server computes with (served as /assets/vendor/wilson.js): an
// interval the page draws is the API's, not a copy that could drift from it.

/** Wilson score interval of k successes in n trials, in percent (unrounded); null without trials. */
export function wilsonPercent(k, n, z = 1.96) {
  if (!n) return null;
  const p = k / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return [100 * Math.max(0, centre - half), 100 * Math.min(1, centre + half)];
}
