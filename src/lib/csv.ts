import { stringify } from 'csv-stringify/sync';

// The one CSV writer of every export (reports, portfolio, scores, sources, traffic): RFC 4180
// (CRLF after every record, the last included; a field quoted when it holds a comma, a quote or a
// line break, quotes doubled), optionally a UTF-8 byte-order mark (Excel reads UTF-8 only with it).
// Formula injection (OWASP "CSV Injection"): a string cell starting with = + - @ TAB or CR is
// prefixed with a single quote, so a spreadsheet shows it as text; numbers are never touched
// (-3.5 stays a number), a non-finite number is an empty cell, booleans are `true` / `false`.

export type CsvCell = string | number | boolean | null | undefined;

const TRIGGERS = /^[=+\-@\t\r]/;

const OPTIONS = {
  record_delimiter: '\r\n',
  // csv-stringify quotes a field holding the record delimiter (CRLF) but not a lone LF or CR,
  // which RFC 4180 (and every spreadsheet) reads as a line break inside an unquoted field.
  quoted_match: /[\r\n]/,
  cast: {
    string: (v: string) => (TRIGGERS.test(v) ? `'${v}` : v),
    number: (v: number) => (Number.isFinite(v) ? String(v) : ''),
    // csv-stringify's default writes true as 1 and false as an empty cell.
    boolean: (v: boolean) => String(v),
  },
} as const;

/** Records alone (no header), each CRLF-terminated: a streamed export writes its header once, then a batch at a time. */
export function csvRecords(rows: readonly (readonly CsvCell[])[]): string {
  return rows.length ? stringify(rows as CsvCell[][], OPTIONS) : '';
}

/** A header row, then one record per row. */
export function writeCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[], opts: { bom?: boolean } = {}): string {
  const body = stringify([header as CsvCell[], ...(rows as CsvCell[][])], OPTIONS);
  return opts.bom ? `\ufeff${body}` : body;
}
