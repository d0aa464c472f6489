import { open } from 'node:fs/promises';
import type { JobRow } from './jobs.service.ts';

// A job's whole log, read through the API, so the file's path on the server is never shown. The file is
// on the disk of the process that ran the job; where this process cannot read it (another node,
// a cleaned disk) the log answered is the last lines kept with the job in the database.

export const LOG_TAIL_BYTES = 1024 * 1024;

export interface JobLog { text: string; source: 'file' | 'last-lines'; truncated: boolean }

export async function readJobLog(row: Pick<JobRow, 'logPath' | 'lastLines'>): Promise<JobLog> {
  const fallback: JobLog = { text: row.lastLines.map((l) => `${l}\n`).join(''), source: 'last-lines', truncated: false };
  let file;
  try {
    file = await open(row.logPath, 'r');
  } catch {
    return fallback;
  }
  try {
    const { size } = await file.stat();
    const start = Math.max(0, size - LOG_TAIL_BYTES);
    const buffer = Buffer.alloc(size - start);
    await file.read(buffer, 0, buffer.length, start);
    // From the first whole line when the head was cut.
    const text = buffer.toString('utf8');
    return { text: start > 0 ? text.slice(text.indexOf('\n') + 1) : text, source: 'file', truncated: start > 0 };
  } finally {
    await file.close();
  }
}
