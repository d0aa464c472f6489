import { formatUsd } from '../engines/limits/usage.fns.ts';
import type { ProviderCostRow } from '../runs/runs.reads.ts';

// The usage endpoint's periods: per UTC day, the credits debited (every metered operation) beside
// what the providers billed the operator for that day's runs, engine by engine.

export interface CostPeriod {
  day: string;
  creditsMicrousd: number;
  providerCostMicrousd: number;
  providerCostUsd: string;
  engines: Array<{ engine: string; calls: number; answered: number; simulated: number; providerCostMicrousd: number }>;
}

/** Newest day first; a day appears when it debited credits or ran calls. */
export function costPeriods(debits: Map<string, number>, costs: ProviderCostRow[]): CostPeriod[] {
  const days = [...new Set([...debits.keys(), ...costs.map((c) => c.day)])].sort().reverse();
  return days.map((day) => {
    const engines = costs.filter((c) => c.day === day)
      .map((c) => ({ engine: c.engine, calls: c.calls, answered: c.answered, simulated: c.simulated, providerCostMicrousd: c.costMicrousd }));
    const providerCostMicrousd = engines.reduce((sum, e) => sum + e.providerCostMicrousd, 0);
    return { day, creditsMicrousd: debits.get(day) ?? 0, providerCostMicrousd, providerCostUsd: formatUsd(providerCostMicrousd), engines };
  });
}
