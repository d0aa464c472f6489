import Table from 'cli-table3';

// Tables for people, JSON for scripts: every command hands its data and a human renderer to
// `emit`, so `--json` always prints exactly what the API answered (or a documented summary).

export type Cell = string | number | boolean | null | undefined;

export function table(head: string[], rows: unknown[][]): string {
  const t = new Table({ head, style: { head: [], border: [] } });
  for (const row of rows) t.push(row.map((c) => cellText(c)));
  return t.toString();
}

/** A two-column table of the scalar fields of an object (nested values shown as JSON). */
export function keyValues(obj: Record<string, unknown>): string {
  const t = new Table({ style: { head: [], border: [] } });
  for (const [k, v] of Object.entries(obj)) t.push({ [k]: cellText(v as Cell) });
  return t.toString();
}

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(1);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export const microUsd = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `$${(v / 1_000_000).toFixed(2)}`);

export interface Output {
  json: boolean;
  emit(data: unknown, human: () => string): void;
  /** Progress and hints: stderr, so stdout stays the command's result. */
  note(line: string): void;
}

export function output(json: boolean, stdout: NodeJS.WritableStream = process.stdout, stderr: NodeJS.WritableStream = process.stderr): Output {
  return {
    json,
    emit(data, human) {
      stdout.write(json ? `${JSON.stringify(data, null, 2)}\n` : `${human()}\n`);
    },
    note(line) {
      stderr.write(`${line}\n`);
    },
  };
}
