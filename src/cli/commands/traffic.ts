import { createReadStream } from 'node:fs';
import type { Command } from 'commander';
import { contextOf } from '../context.ts';
import { CliError, EXIT } from '../exit.fns.ts';
import { table } from '../output.ts';
import { jobOutcome, waitForJob, type JobStatus } from '../wait.ts';

// `geo traffic push <file|->`: uploads an access log (plain or gzip, any supported format) for
// the AI traffic views; `-` reads standard input (`zcat access.log.*.gz | geo traffic push -`).
// The body is streamed, never read whole. Re-pushing overlapping logs is safe: lines count once.

interface Upload { id: string; status: string; counts: Record<string, number>; unparsedSample: Array<{ line: number; reason: string; text: string }> }

export function registerTraffic(program: Command) {
  const traffic = program.command('traffic').description('AI crawler and AI referral traffic from access logs');
  traffic.command('push <file>')
    .description('Upload an access log (nginx/Apache, Cloudflare, Vercel, CloudFront; gzip or plain), "-" for standard input')
    .option('--wait', 'wait for the ingestion and print its counts')
    .action(async (file: string, opts: { wait?: boolean }, cmd: Command) => {
      const ctx = await contextOf(cmd);
      const stream = file === '-' ? process.stdin : createReadStream(file);
      if (file !== '-') {
        await new Promise<void>((resolve, reject) => {
          stream.once('open', () => resolve());
          stream.once('error', (err: NodeJS.ErrnoException) => reject(new CliError(`invalid_request: cannot read ${file} (${err.code ?? err.message})`, EXIT.usage, 'invalid_request')));
        });
      }
      // The log goes up as it is read (a request stream, `duplex: 'half'`), not as JSON.
      const job = (await ctx.api.data(ctx.api.client.POST('/api/v1/workspaces/{workspace}/traffic/logs', {
        params: { path: ctx.ws }, body: stream as never, bodySerializer: (b: unknown) => b as BodyInit, headers: { 'content-type': 'application/octet-stream' }, duplex: 'half',
      } as never))) as JobStatus;
      if (!opts.wait) return ctx.out.emit(job, () => `Uploaded; ingestion job ${job.id} is running ("geo traffic push --wait" waits for its counts).`);
      const final = await waitForJob(() => ctx.api.data(ctx.api.client.GET('/api/v1/workspaces/{workspace}/jobs/{id}', { params: { path: { ...ctx.ws, id: job.id } } })) as Promise<JobStatus>, job, {
        bar: false,
        onInterrupt: async () => `interrupted: stopped waiting; job ${job.id} finishes on the server.`,
      });
      if (final.status !== 'succeeded') {
        ctx.out.emit(final, () => final.lastLines.join('\n'));
        return jobOutcome(final);
      }
      const result = (await ctx.api.data(ctx.api.client.GET('/api/v1/workspaces/{workspace}/traffic/uploads/{id}', { params: { path: { ...ctx.ws, id: job.id } } }))) as unknown as Upload;
      ctx.out.emit(result, () => [
        table(['count', 'value'], Object.entries(result.counts).map(([k, v]) => [k, v])),
        ...(result.unparsedSample.length ? ['', 'Lines that did not parse (sample):', ...result.unparsedSample.map((u) => `  ${u.line}: ${u.reason}: ${u.text}`)] : []),
      ].join('\n'));
    });
}
