import type { Command } from 'commander';
import { contextOf, type Context } from '../context.ts';
import { CliError, EXIT } from '../exit.fns.ts';
import { cellText, table } from '../output.ts';
import { jobOutcome, waitForJob, type JobStatus } from '../wait.ts';

// `geo page-eval [URL] [--wait]`: Lighthouse scores and the nine checks of a page (spec 2.14).
// Without a URL it lists the latest evaluations.

type Evaluation = Record<string, unknown> & { id: string; url: string; jobId: string | null; scores: Record<string, number | null>; checks: Record<string, { passed: boolean; value?: string; suggestion?: string }> };

export function evaluationText(e: Evaluation): string {
  const s = e.scores;
  const head = `${e.url} · ${cellText(e.status)} · performance ${cellText(s.performance)}, accessibility ${cellText(s.accessibility)}, best practices ${cellText(s.bestPractices)}, SEO ${cellText(s.seo)}`;
  const checks = Object.entries(e.checks).map(([k, c]) => [k, c.passed ? 'pass' : 'FAIL', c.value, c.passed ? '' : c.suggestion]);
  return `${head}\n${table(['check', 'result', 'value', 'suggestion'], checks)}`;
}

async function latest(ctx: Context) {
  return ctx.api.data(ctx.api.client.GET('/api/v1/workspaces/{workspace}/page-evaluation', { params: { path: ctx.ws } })) as Promise<Evaluation[]>;
}

export function registerPages(program: Command) {
  program.command('page-eval [url]')
    .description('Evaluate a page (metered); without URL, list the latest evaluations')
    .option('--wait', 'wait for the evaluation and print it')
    .action(async (url: string | undefined, opts: { wait?: boolean }, cmd: Command) => {
      const ctx = await contextOf(cmd);
      if (!url) {
        const list = await latest(ctx);
        return ctx.out.emit(list, () => (list.length
          ? table(['id', 'url', 'fetched', 'perf', 'a11y', 'best', 'seo'], list.map((e) => [e.id, e.url, e.fetchedAt as string, e.scores.performance, e.scores.accessibility, e.scores.bestPractices, e.scores.seo]))
          : 'No page evaluations yet.'));
      }
      const job = (await ctx.api.data(ctx.api.client.POST('/api/v1/workspaces/{workspace}/page-evaluation', { params: { path: ctx.ws }, body: { url } }))) as JobStatus;
      if (!opts.wait) return ctx.out.emit(job, () => `Started page evaluation ${job.id}; "geo page-eval --wait ${url}" waits for it, "geo page-eval" lists results.`);
      ctx.out.note(`Evaluating ${url} (job ${job.id})…`);
      const final = await waitForJob(() => ctx.api.data(ctx.api.client.GET('/api/v1/workspaces/{workspace}/jobs/{id}', { params: { path: { ...ctx.ws, id: job.id } } })) as Promise<JobStatus>, job, {
        bar: false,
        // Page evaluations have no cancel route: the job finishes on the server, the CLI stops waiting.
        onInterrupt: async () => `interrupted: stopped waiting; job ${job.id} finishes on the server ("geo page-eval" lists it).`,
      });
      if (final.status !== 'succeeded') {
        ctx.out.emit(final, () => final.lastLines.join('\n'));
        return jobOutcome(final);
      }
      const result = (await latest(ctx)).find((e) => e.jobId === job.id);
      if (!result) throw new CliError(`not_found: job ${job.id} succeeded but its evaluation is not among the latest.`, EXIT.notFound, 'not_found');
      ctx.out.emit(result, () => evaluationText(result));
    });
}
