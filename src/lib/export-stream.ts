import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import { csvRecords, type CsvCell } from './csv.ts';

/** The writer's own schema element type (it bundles its own hyparquet types). */
type SchemaElement = ConstructorParameters<typeof ParquetWriter>[0]['schema'][number];

// The streamed exports' encoders (answers, daily metrics): rows come in batches from a keyset
// read and each batch is encoded and handed on before the next is read, so a file of any length
// holds one batch in memory. One column list drives every format, so an NDJSON object, a CSV
// record and a Parquet row carry the same fields.

/**
 * `json`: a nested value, an object in NDJSON and its JSON text in CSV and Parquet.
 * `timestamp`: an ISO 8601 instant (UTC) in NDJSON and CSV, a TIMESTAMP_MILLIS in Parquet.
 */
export type ColumnType = 'string' | 'int' | 'double' | 'boolean' | 'timestamp' | 'json';

export interface ExportColumn {
  name: string;
  type: ColumnType;
  nullable: boolean;
  /** What the column holds, for the published schema (docs). */
  description: string;
}

/** One column of a published export schema (nullable only when said). */
export const exportColumn = (name: string, type: ColumnType, description: string, nullable = false): ExportColumn => ({ name, type, nullable, description });

export type ExportRow = Record<string, unknown>;
export type ExportFormat = 'ndjson' | 'csv' | 'parquet';

export const EXPORT_MEDIA: Record<ExportFormat, string> = {
  ndjson: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  parquet: 'application/vnd.apache.parquet',
};

/** One NDJSON line per row (nested values as objects), a batch per chunk. */
export async function* ndjsonChunks(columns: readonly ExportColumn[], batches: AsyncIterable<ExportRow[]>): AsyncGenerator<string> {
  for await (const batch of batches) {
    if (!batch.length) continue;
    yield batch.map((row) => `${JSON.stringify(Object.fromEntries(columns.map((c) => [c.name, row[c.name] ?? null])))}\n`).join('');
  }
}

const csvCell = (c: ExportColumn, v: unknown): CsvCell => (v === null || v === undefined ? null : c.type === 'json' ? JSON.stringify(v) : (v as CsvCell));

/** RFC 4180 through the house writer (formula-injection guard included): the header, then a batch per chunk. */
export async function* csvChunks(columns: readonly ExportColumn[], batches: AsyncIterable<ExportRow[]>): AsyncGenerator<string> {
  yield csvRecords([columns.map((c) => c.name)]);
  for await (const batch of batches) {
    if (batch.length) yield csvRecords(batch.map((row) => columns.map((c) => csvCell(c, row[c.name]))));
  }
}

const PARQUET_TYPE: Record<ColumnType, Omit<SchemaElement, 'name'>> = {
  string: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
  json: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
  int: { type: 'INT32' },
  double: { type: 'DOUBLE' },
  boolean: { type: 'BOOLEAN' },
  timestamp: { type: 'INT64', converted_type: 'TIMESTAMP_MILLIS' },
};

export function parquetSchema(columns: readonly ExportColumn[]): SchemaElement[] {
  return [
    { name: 'root', num_children: columns.length },
    ...columns.map((c): SchemaElement => ({ name: c.name, ...PARQUET_TYPE[c.type], repetition_type: c.nullable ? 'OPTIONAL' : 'REQUIRED' })),
  ];
}

function parquetValue(c: ExportColumn, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (c.type === 'json') return JSON.stringify(v);
  if (c.type === 'timestamp') return new Date(v as string);
  return v;
}

/**
 * Parquet, one row group per batch: the writer's buffer is handed on after each row group (the
 * writer calls `flush` then) and emptied, so it holds one batch's bytes at most. Only the row
 * groups' metadata (a few hundred bytes each) stays until the footer.
 */
export async function* parquetChunks(columns: readonly ExportColumn[], batches: AsyncIterable<ExportRow[]>, meta: Record<string, string>): AsyncGenerator<Uint8Array> {
  const writer = new ByteWriter(1 << 16);
  const ready: Uint8Array[] = [];
  const drain = () => {
    if (writer.index) ready.push(Buffer.from(writer.buffer.slice(0, writer.index)));
    writer.index = 0;
  };
  Object.assign(writer, { flush: drain });
  const file = new ParquetWriter({
    writer, schema: parquetSchema(columns), createdBy: 'geo-visibility-service',
    kvMetadata: Object.entries(meta).map(([key, value]) => ({ key, value })),
  });
  const take = () => ready.splice(0, ready.length);
  for await (const batch of batches) {
    if (!batch.length) continue;
    await file.write({ columnData: columns.map((c) => ({ name: c.name, data: batch.map((row) => parquetValue(c, row[c.name])) })), rowGroupSize: batch.length });
    drain();
    yield* take();
  }
  drain();
  yield* take();
  await file.finish();
  drain();
  yield* take();
}

/** The chosen format's chunks. */
export function exportChunks(format: ExportFormat, columns: readonly ExportColumn[], batches: AsyncIterable<ExportRow[]>, meta: Record<string, string>): AsyncGenerator<string | Uint8Array> {
  if (format === 'ndjson') return ndjsonChunks(columns, batches);
  if (format === 'csv') return csvChunks(columns, batches);
  return parquetChunks(columns, batches, meta);
}
