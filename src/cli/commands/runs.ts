import { randomUUID } from 'node:crypto';
import { Command, InvalidArgumentError, Option } from 'commander';
import { contextOf, type Context } from '../context.ts';
import { CliError, EXIT } from '../exit.fns.ts';
import { cellText, keyValues, table } from '../output.ts';
import { jobOutcome, waitForJob, type JobStatus } from '../wait.ts';

// `geo run start|list|show|detail`: measurement runs (spec 4.4).

export const PRESETS = ['smoke', 'lite', 'standard', 'searchx'];

export function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive integer');
  return n;
}

export function positiveNumber(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected a positive number');
  return n;
}

interface StartOptions {
  preset: string; samples?: number; batch?: boolean; wait?: boolean; idempotencyKey?: string;
  adaptive?: boolean; targetWidth?: number; maxExtraMicrousd?: number; maxSamplesPerCell?: number;
}
/** The run's `sampling` option; adaptive settings without --adaptive go to the server, which refuses them (400) in its own words. */
function samplingOption(opts: StartOptions) {
  const set = { targetWidth: opts.targetWidth, maxExtraMicrousd: opts.maxExtraMicrousd, maxSamplesPerCell: opts.maxSamplesPerCell };
  const given = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
  if (!opts.adaptive && !Object.keys(given).length) return {};
  return { sampling: { mode: opts.adaptive ? 'adaptive' : 'uniform', ...given } };
}

export function runRow(r: JobStatus) {
  return [r.id, r.status, `${r.progress.completedCalls}/${r.progress.totalCalls}`, `${Math.round(r.progress.percent)}%`, r.startedAt, r.finishedAt];
}
const RUN_HEAD = ['id', 'status', 'calls', 'progress', 'started', 'finished'];

interface SamplingDetail {
  cells: Array<{ engine: string; promptId: string; reasons: Array<{ kind: string; source?: string; threshold?: number; targetWidth?: number }>; before: Reading; after: Reading }>;
}
interface Reading { samples: number; interval: [number, number] | null }
const span = (r: Reading) => (r.interval ? `${r.interval[0]}-${r.interval[1]}` : 'n/a');
/** An adaptive run's extra samples: one line per cell, why and how its interval moved. */
function extraSamples(sampling: SamplingDetail | null | undefined) {
  if (!sampling) return '';
  if (!sampling.cells.length) return '\nAdaptive sampling: no cell needed extra samples.';
  const why = (r: SamplingDetail['cells'][number]['reasons'][number]) => (r.kind === 'threshold' ? `${r.source} at ${r.threshold}%` : `wider than ${r.targetWidth} points`);
  return `\nExtra samples (adaptive):\n${table(['engine', 'prompt', 'samples', 'interval before', 'interval after', 'why'],
    sampling.cells.map((c) => [c.engine, c.promptId, `${c.before.samples} → ${c.after.samples}`, span(c.before), span(c.after), c.reasons.map(why).join('; ')]))}`;
}

function showRun(ctx: Context, run: JobStatus) {
  ctx.out.emit(run, () => {
    const { lastLines, progress, ...rest } = run;
    const lines = lastLines.length ? `\n${lastLines.map((l) => `  ${l}`).join('\n')}` : '';
    return `${keyValues({ ...rest, progress: `${progress.completedCalls}/${progress.totalCalls} calls (${Math.round(progress.percent)}%)` })}${lines}`;
  });
}

/** Cancels the run on the server (Ctrl-C during --wait); a run that already ended is left alone. */
async function cancelRun(ctx: Context, id: string): Promise<string> {
  const { response: res } = await ctx.api.client.DELETE('/api/v1/workspaces/{workspace}/runs/{id}', { params: { path: { ...ctx.ws, id } } });
  if (res.ok) return `interrupted: cancelled run ${id}.`;
  if (res.status === 409) return `interrupted: run ${id} had already finished.`;
  return `interrupted: could not cancel run ${id} (HTTP ${res.status}); run "geo run show ${id}".`;
}

export function registerRuns(program: Command) {
  const run = program.command('run').description('Measurement runs');

  run.command('start')
    .description('Start a measurement run')
    .addOption(new Option('--preset <preset>', 'which prompts and engines').choices(PRESETS).makeOptionMandatory())
    .option('--samples <n>', 'times each engine asks each prompt (1-10)', positiveInt)
    .option('--adaptive', 'after the first pass, extra samples only where an interval straddles a decision threshold or is wider than --target-width')
    .option('--target-width <points>', 'with --adaptive: widest 95% interval a prompt × engine cell may keep (percentage points)', positiveNumber)
    .option('--max-extra-microusd <n>', 'with --adaptive: credit ceiling of the extra samples (default: the first pass\'s estimate)', positiveInt)
    .option('--max-samples-per-cell <n>', 'with --adaptive: most samples a cell may reach (2-60, default 20)', positiveInt)
    .option('--batch', 'not urgent: claude through Anthropic Message Batches at the batch price; the run ends when its batch has (within 24 h)')
    .option('--wait', 'wait for the run to finish, with a progress bar; Ctrl-C cancels it')
    .option('--idempotency-key <key>', 'replaying the same key returns the same run')
    .action(async (opts: StartOptions, cmd: Command) => {
      const ctx = await contextOf(cmd);
      // With --wait, a Ctrl-C while the start request is in flight still cancels what it started.
      let early = false;
      const onEarly = () => { early = true; };
      if (opts.wait) process.on('SIGINT', onEarly);
      let started: JobStatus;
      try {
        started = await ctx.api.data(ctx.api.client.POST('/api/v1/workspaces/{workspace}/runs', {
          params: { path: ctx.ws },
          body: { preset: opts.preset, idempotencyKey: opts.idempotencyKey ?? randomUUID(), ...(opts.samples ? { samples: opts.samples } : {}), ...samplingOption(opts), ...(opts.batch ? { batch: true } : {}) } as never,
        })) as JobStatus;
      } finally {
        process.off('SIGINT', onEarly);
      }
      if (early) throw new CliError(await cancelRun(ctx, started.id), EXIT.interrupted, 'interrupted');
      if (!opts.wait) return showRun(ctx, started);
      ctx.out.note(`Started run ${started.id} (${started.progress.totalCalls} calls); Ctrl-C cancels it.`);
      const final = await waitForJob(() => ctx.api.data(ctx.api.client.GET('/api/v1/workspaces/{workspace}/runs/{id}', { params: { path: { ...ctx.ws, id: started.id } } })) as Promise<JobStatus>, started, {
        bar: !ctx.out.json && Boolean(process.stderr.isTTY),
        onInterrupt: () => cancelRun(ctx, started.id),
      });
      showRun(ctx, final);
      jobOutcome(final);
    });

  run.command('list')
    .description('Recent runs, newest first')
    .option('--limit <n>', 'how many (1-100)', positiveInt, 20)
    .action(async (opts: { limit: number }, cmd: Command) => {
      const ctx = await contextOf(cmd);
      const { runs } = (await ctx.api.data(ctx.api.client.GET('/api/v1/workspaces/{workspace}/runs', { params: { path: ctx.ws, query: { limit: opts.limit } } }))) as { runs: JobStatus[] };
      ctx.out.emit(runs, () => (runs.length ? table(RUN_HEAD, runs.map(runRow)) : 'No runs yet; start one with "geo run start --preset smoke".'));
    });

  run.command('show <id>')
    .description('Status of one run')
    .action(async (id: string, _opts: unknown, cmd: Command) => {
      const ctx = await contextOf(cmd);
      showRun(ctx, (await ctx.api.data(ctx.api.client.GET('/api/v1/workspaces/{workspace}/runs/{id}', { params: { path: { ...ctx.ws, id } } }))) as JobStatus);
    });

  run.command('cancel <id>')
    .description('Cancel a running run')
    .action(async (id: string, _opts: unknown, cmd: Command) => {
      const ctx = await contextOf(cmd);
      showRun(ctx, (await ctx.api.data(ctx.api.client.DELETE('/api/v1/workspaces/{workspace}/runs/{id}', { params: { path: { ...ctx.ws, id } } }))) as JobStatus);
    });

  run.command('detail <id>')
    .description('Results of a run grouped by engine')
    .action(async (id: string, _opts: unknown, cmd: Command) => {
      const ctx = await contextOf(cmd);
      const detail = (await ctx.api.data(ctx.api.client.GET('/api/v1/workspaces/{workspace}/runs/{id}/detail', { params: { path: { ...ctx.ws, id } } }))) as unknown as { run: JobStatus; engines: Array<Record<string, unknown>>; sampling?: SamplingDetail | null };
      ctx.out.emit(detail, () => {
        const head = `Run ${detail.run.id}: ${detail.run.status}, ${detail.run.progress.completedCalls}/${detail.run.progress.totalCalls} calls`;
        if (!detail.engines.length) return `${head}\nNo results.`;
        // Engines carry nested results; the table shows their scalar figures, --json has everything.
        const keys = [...new Set(detail.engines.flatMap((e) => Object.keys(e).filter((k) => typeof e[k] !== 'object' || e[k] === null)))];
        return `${head}\n${table(keys, detail.engines.map((e) => keys.map((k) => cellText(e[k]))))}${extraSamples(detail.sampling)}`;
      });
    });
}
