import { describe, expect, it } from 'vitest';
import { csvCell } from './csv.fns.ts';

// OWASP "CSV Injection": a string that a spreadsheet would read as a formula is neutralised with
// a leading quote; numbers never are (a negative number stays a number).
describe('csvCell', () => {
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
    ['plain', 'plain'],
    ['', ''],
  ])('string %j → %j', (input, out) => expect(csvCell(input)).toBe(out));

  it.each([
    [-3.5, '-3.5'], [0, '0'], [68.4321, '68.4321'], [Number.NaN, ''], [null, ''], [undefined, ''], [true, 'true'],
  ] as Array<[number | boolean | null | undefined, string]>)('%j → %j', (input, out) => expect(csvCell(input)).toBe(out));
});
