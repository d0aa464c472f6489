import cliProgress from 'cli-progress';
import { pollMs } from './context.ts';
import { CliError, EXIT } from './exit.fns.ts';

// `--wait`: poll a job's status (spec 2.10) until it leaves `running`, drawing a progress bar
// from `progress` when a person is watching, and turning Ctrl-C into a clean cancel.

export interface JobStatus {
  id: string;
  kind: string;
  status: 'running' | 'succeeded' | 'failed' | 'cancelled';
  startedAt: string;
  finishedAt: string | null;
  progress: { completedCalls: number; totalCalls: number; percent: number; source: string };
  lastLines: string[];
}

export interface WaitOptions {
  /** Draw a bar (stderr is a terminal and the output is not JSON). */
  bar: boolean;
  /** Called once on Ctrl-C; resolves when the server side is dealt with. */
  onInterrupt(): Promise<string>;
}

/**
 * Waits for the job `poll` reads. On SIGINT: stop polling, let `onInterrupt` cancel on the server,
 * print its line and exit 130 — no timer or request is left behind.
 */
export async function waitForJob(poll: () => Promise<JobStatus>, first: JobStatus, options: WaitOptions): Promise<JobStatus> {
  const bar = options.bar ? new cliProgress.SingleBar({
    format: ' {bar} {percentage}% | {value}/{total} calls | {status}', stream: process.stderr, hideCursor: true, clearOnComplete: false,
  }, cliProgress.Presets.shades_classic) : null;
  bar?.start(Math.max(first.progress.totalCalls, 1), first.progress.completedCalls, { status: first.status });

  let interrupted = false;
  let wake = () => {};
  const onSigint = () => {
    interrupted = true;
    wake();
  };
  process.on('SIGINT', onSigint);
  try {
    let status = first;
    while (status.status === 'running' && !interrupted) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs());
        wake = () => { clearTimeout(timer); resolve(); };
      });
      if (interrupted) break;
      status = await poll();
      bar?.setTotal(Math.max(status.progress.totalCalls, 1));
      bar?.update(status.progress.completedCalls, { status: status.status });
    }
    bar?.stop();
    if (interrupted) {
      let line: string;
      try {
        line = await options.onInterrupt();
      } catch (err) {
        line = `Interrupted; cancelling failed: ${(err as Error).message}`;
      }
      throw new CliError(line, EXIT.interrupted, 'interrupted');
    }
    return status;
  } finally {
    process.off('SIGINT', onSigint);
  }
}

/** Exit code of a finished job: 0 when it succeeded, else 9 with its status. */
export function jobOutcome(status: JobStatus): void {
  if (status.status === 'succeeded') return;
  const why = status.lastLines.at(-1);
  process.exitCode = EXIT.jobFailed;
  process.stderr.write(`geo: job_${status.status}: ${status.kind} ${status.id} ended ${status.status}${why ? ` (${why})` : ''}\n`);
}
