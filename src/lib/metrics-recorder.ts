// What the services report to the process's metrics (modules/metrics implements it with
// prom-client). A port in the shared layer, so that the modules that count (credits, jobs,
// engines) depend on this interface and not on the metrics module, which reads their tables.

export type ProviderOutcome = 'ok' | 'error' | 'aborted';

export interface MetricsRecorder {
  /** One engine call: its engine, whether simulated, how it ended and how long it took. */
  providerCall(engine: string, simulated: boolean, outcome: ProviderOutcome, seconds: number): void;
  /** A job this process ended (its update moved it from running): counted here, not read from the table. */
  jobEnded(kind: string, status: string): void;
  /** A credit hold this process closed (settled, released, expired), counted once its transaction committed. */
  holdClosed(status: string): void;
}

/** A recorder that drops everything (services built outside an app, benchmarks). */
export const noMetrics: MetricsRecorder = { providerCall: () => {}, jobEnded: () => {}, holdClosed: () => {} };
