import { Type } from 'typebox';
import { Nullable, StringEnum, Timestamp } from '../../lib/http/schema-helpers.ts';

/** What a job's progress counts: model calls, generation batches, pages fetched, kilobytes of logs read, recommendation items, one report, or days of snapshots re-derived. */
export const PROGRESS_SOURCES = ['calls', 'batches', 'pages', 'kilobytes', 'items', 'report', 'days'] as const;
export type ProgressSource = (typeof PROGRESS_SOURCES)[number];

export const JOB_STATES = ['running', 'succeeded', 'failed', 'cancelled'] as const;

/** Spec 2.10: the status of a run, and of every other background job. */
export const JobStatus = Type.Object({
  id: Type.String(),
  brand: Type.String({ description: 'The workspace slug' }),
  kind: Type.String({ description: '`measurement`, `prompt_generation`, …' }),
  pid: Type.Integer({ minimum: 1, description: 'The operating-system process id of the process that runs the job, or ran it last: the creating process until a worker takes the job, then that worker\'s (with several worker processes, each job says which one). A number only: no host or path.' }),
  logPath: Type.String({ description: 'Where the whole log is read: the API path `/api/v1/workspaces/{workspace}/jobs/{id}/log` (text/plain, credential runs:read). No file path of the server is shown: it would tell a caller about the server\'s disk.' }),
  startedAt: Timestamp,
  finishedAt: Nullable(Timestamp),
  status: StringEnum(JOB_STATES),
  progress: Type.Object({
    completedCalls: Type.Integer({ minimum: 0 }),
    totalCalls: Type.Integer({ minimum: 0 }),
    percent: Type.Number({ minimum: 0, maximum: 100 }),
    source: StringEnum(PROGRESS_SOURCES, { description: 'What the counts count: a run reports `calls`' }),
  }),
  lastLines: Type.Array(Type.String(), { description: 'Recent log lines, oldest first; empty at start' }),
});
