import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { parseCsv } from '../../test/helpers/csv.ts';
import { describe, expect, it } from 'vitest';
import { exportChunks, type ExportColumn, type ExportRow } from './export-stream.ts';

// The encoders on their own: every format carries the same rows, Parquet a row group per batch.

const COLUMNS: ExportColumn[] = [
  { name: 'id', type: 'string', nullable: false, description: '' },
  { name: 'n', type: 'int', nullable: true, description: '' },
  { name: 'share', type: 'double', nullable: true, description: '' },
  { name: 'ok', type: 'boolean', nullable: false, description: '' },
  { name: 'at', type: 'timestamp', nullable: false, description: '' },
  { name: 'nested', type: 'json', nullable: false, description: '' },
];
const row = (i: number): ExportRow => ({ id: `r${i}`, n: i % 3 ? i : null, share: i / 7, ok: i % 2 === 0, at: new Date(Date.UTC(2026, 2, 1, 0, i)).toISOString(), nested: [{ k: i, s: `=x,"${i}"\n` }] });
const rows = Array.from({ length: 7 }, (_, i) => row(i));

async function* batchesOf(all: ExportRow[], size: number) {
  for (let i = 0; i < all.length; i += size) yield all.slice(i, i + size);
}
async function collect(format: 'ndjson' | 'csv' | 'parquet', all: ExportRow[], size: number) {
  const parts: Buffer[] = [];
  for await (const chunk of exportChunks(format, COLUMNS, batchesOf(all, size), { schema: 'test/v1' })) parts.push(Buffer.from(chunk));
  return { bytes: Buffer.concat(parts), chunks: parts.length };
}
const arrayBufferOf = (b: Buffer) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

describe('streamed export encoders', () => {
  it('write NDJSON with nested values as objects, a batch per chunk', async () => {
    const { bytes, chunks } = await collect('ndjson', rows, 3);
    expect(chunks).toBe(3);
    expect(bytes.toString().trimEnd().split('\n').map((l) => JSON.parse(l))).toEqual(rows);
  });

  it('write CSV with nested values as JSON text and the same rows', async () => {
    const { bytes } = await collect('csv', rows, 3);
    const records = parseCsv(bytes.toString());
    expect(records.map((r) => [r.id, r.n, r.ok, r.at, JSON.parse(r.nested!)])).toEqual(rows.map((r) => [r.id, r.n === null ? '' : String(r.n), String(r.ok), r.at, r.nested]));
  });

  it('write Parquet a row group per batch, read back whole with its metadata', async () => {
    const { bytes } = await collect('parquet', rows, 3);
    const file = arrayBufferOf(bytes);
    const meta = parquetMetadata(file);
    expect(meta.row_groups.map((g) => Number(g.num_rows))).toEqual([3, 3, 1]);
    expect(meta.key_value_metadata).toEqual([{ key: 'schema', value: 'test/v1' }]);
    const read = await parquetReadObjects({ file });
    expect(read.map((r) => ({ ...r, at: (r.at as Date).toISOString(), nested: JSON.parse(r.nested as string) }))).toEqual(rows);
  });

  it('write a valid empty file of each format', async () => {
    expect((await collect('ndjson', [], 3)).bytes.length).toBe(0);
    expect((await collect('csv', [], 3)).bytes.toString()).toBe('id,n,share,ok,at,nested\r\n');
    const file = arrayBufferOf((await collect('parquet', [], 3)).bytes);
    expect(Number(parquetMetadata(file).num_rows)).toBe(0);
    expect(await parquetReadObjects({ file })).toEqual([]);
  });
});
