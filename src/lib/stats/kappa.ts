// Cohen's κ of two labellings of the same items, over any label set: (observed − chance) /
// (1 − chance), chance from each side's label shares. The model judge's report (judge/agreement.fns.ts)
// and the blind set's two labellers (analysis/blind.fns.ts) both read it from here.

/** null κ when there is no pair, or when both sides used one same label only (chance agreement 1). */
export function cohensKappa(pairs: ReadonlyArray<readonly [string, string]>): { n: number; agreed: number; observed: number; kappa: number | null } {
  const n = pairs.length;
  if (!n) return { n: 0, agreed: 0, observed: 0, kappa: null };
  const agreed = pairs.filter(([a, b]) => a === b).length;
  const first = new Map<string, number>();
  const second = new Map<string, number>();
  for (const [a, b] of pairs) {
    first.set(a, (first.get(a) ?? 0) + 1);
    second.set(b, (second.get(b) ?? 0) + 1);
  }
  let chance = 0;
  for (const [label, k] of first) chance += (k / n) * ((second.get(label) ?? 0) / n);
  const observed = agreed / n;
  return { n, agreed, observed, kappa: chance >= 1 ? null : (observed - chance) / (1 - chance) };
}
