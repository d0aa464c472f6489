// Waiting in a test for what the app does in its own time (a run, a research job, a report).
// The deadline is in time, not in reads: "400 reads 25 ms apart" was about 10 s on a quiet
// machine, less than a loaded CI machine may take for a smoke run, and some loops then went on
// to their assertions as if the job had ended. A wait here ends at the first read that holds;
// only a job that never ends fails it, naming what was awaited and what was last read.

export interface WaitOptions {
  /** How long to keep reading; tests usually time out first, which names the test. */
  deadlineMs?: number;
  /** The pause between reads, so that a waiting test does not take the event loop from the job. */
  pauseMs?: number;
}

/** Reads until `done` holds and returns the value that held. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what = 'the condition', options: WaitOptions = {}): Promise<T> {
  const { deadlineMs = 120_000, pauseMs = 25 } = options;
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen in ${deadlineMs / 1000} s; last read: ${JSON.stringify(value)?.slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

/** Reads a job (a run, research, a report…) until its status is no longer `running`; returns it. */
export function ended<T extends { status: string }>(read: () => Promise<T>, what = 'the job', options?: WaitOptions): Promise<T> {
  return until(read, (job) => job.status !== 'running', `${what} ending`, options);
}
