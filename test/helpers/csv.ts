// A small RFC 4180 reader for tests (quoted fields, doubled quotes, line breaks inside quotes,
// CRLF or LF records), independent of the writer under test: header-keyed records.

export function parseCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') record.push(field), (field = '');
    else if (ch === '\n' || (ch === '\r' && text[i + 1] === '\n')) {
      if (ch === '\r') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += ch;
  }
  if (field || record.length) record.push(field), records.push(record);
  return records;
}

/** Records as objects keyed by the header row. */
export function parseCsv(text: string): Array<Record<string, string>> {
  const [header, ...rows] = parseCsvRecords(text);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}
