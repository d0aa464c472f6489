import { describe, expect, it } from 'vitest';
import { type CsvCell, writeCsv } from './csv.ts';

const cell = (v: CsvCell) => writeCsv(['h'], [[v]]).slice('h\r\n'.length, -'\r\n'.length);

// OWASP "CSV Injection": a string that a spreadsheet would read as a formula is neutralised with
// a leading quote; numbers never are (a negative number stays a number).
describe('writeCsv cells', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1', "'+1"],
    ['-3.5', "'-3.5"],
    ['@cmd', "'@cmd"],
    ['\tTAB', "'\tTAB"],
    ['\rCR', `"'\rCR"`],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['=1,2', `"'=1,2"`],
    ['two\nlines', '"two\nlines"'],
    ['cr\ronly', '"cr\ronly"'],
    ['crlf\r\ninside', '"crlf\r\ninside"'],
    ["'quoted", "'quoted"],
    ['a=b', 'a=b'],
    ['café 。¿?', 'café 。¿?'],
    ['plain', 'plain'],
    ['', ''],
  ])('string %j → %j', (input, out) => expect(cell(input)).toBe(out));

  it.each([
    [-3.5, '-3.5'], [0, '0'], [68.4321, '68.4321'], [Number.NaN, ''], [Number.POSITIVE_INFINITY, ''], [null, ''], [undefined, ''], [true, 'true'], [false, 'false'],
  ] as Array<[CsvCell, string]>)('%j → %j', (input, out) => expect(cell(input)).toBe(out));
});

describe('writeCsv records', () => {
  it('ends every record with CRLF, the last one included (RFC 4180)', () => {
    expect(writeCsv(['a', 'b'], [[1, 'x'], [null, 'y,z']])).toBe('a,b\r\n1,x\r\n,"y,z"\r\n');
  });
  it('writes the header alone when there is no row', () => expect(writeCsv(['a', 'b'], [])).toBe('a,b\r\n'));
  it('starts with a UTF-8 byte-order mark only when asked', () => {
    expect(writeCsv(['a'], [['é']], { bom: true })).toBe('\ufeffa\r\né\r\n');
    expect(writeCsv(['a'], [['é']])).toBe('a\r\né\r\n');
  });
});
