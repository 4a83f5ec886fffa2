// Exports of a report result (docs/analyze.md §API endpoints local export, §Messages export messages; DOMAIN "Risks": CSV formula injection).
import { describe, expect, it, vi } from 'vitest';
import {
  copyToClipboard,
  exportCsv,
  exportExcel,
  isFormulaLike,
  neutraliseCell,
  neutraliseText,
  safeMatrix,
  toCsv,
  toSheetValues,
  toTsv,
  type ExportEffects,
  CSV_FILE_NAME,
  UTF8_BOM,
} from '../../src/lib/exports';
import { cellText, columnsOf, compareCells, toMatrix, unwrapCell, unwrapRows } from '../../src/lib/report-rows';

// docs/analyze.md §Messages "Exports", verbatim.
const NO_DATA_TO_COPY = 'No data available to copy.';
const COPIED_TO_CLIPBOARD = 'Copied to clipboard!';
const COPY_FAILED = 'Failed to copy to clipboard.';
const EXPORT_FAILED = 'Failed to export data.';

describe('formula-injection neutralisation', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', `'=HYPERLINK("http://evil.example","click")`],
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['+SUM(A1:A2)', "'+SUM(A1:A2)"],
    ['-x', "'-x"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['-', "'-"],
  ])('text %j is prefixed with a quote', (input, expected) => {
    expect(isFormulaLike(input)).toBe(true);
    expect(neutraliseText(input)).toBe(expected);
    expect(neutraliseCell(input)).toBe(expected);
  });

  it.each(['plain', 'US', '2024-01-01', ' =not first', "'=already quoted", '', 'a=b', '1+1'])(
    'text %j is left alone',
    (input) => {
      expect(isFormulaLike(input)).toBe(false);
      expect(neutraliseText(input)).toBe(input);
    },
  );

  it('keeps numbers as numbers, negatives included', () => {
    expect(neutraliseCell(-1)).toBe(-1);
    expect(neutraliseCell(-0.25)).toBe(-0.25);
    expect(neutraliseCell(42)).toBe(42);
    expect(neutraliseCell(true)).toBe(true);
    expect(neutraliseCell(null)).toBe(null);
  });

  it('keeps text that is a plain decimal number as it is (it cannot start a formula)', () => {
    for (const text of ['-1', '-0.25', '-3e5', '-1.5E-7', '-.5']) {
      expect(isFormulaLike(text), text).toBe(false);
      expect(neutraliseCell(text)).toBe(text);
    }
    // A plus sign or anything after the number is not plain.
    expect(neutraliseCell('+1')).toBe("'+1");
    expect(neutraliseCell('-1+2')).toBe("'-1+2");
    expect(neutraliseCell('-1 ')).toBe("'-1 ");
  });

  it('is idempotent', () => {
    const once = safeMatrix([['=a', '-x', -1, null]]);
    expect(safeMatrix(once)).toEqual(once);
  });
});

describe('CSV (RFC 4180)', () => {
  it('writes a header and rows with CRLF, quoting only where needed', () => {
    const csv = toCsv([
      ['country', 'new_users', 'note'],
      ['US', 1200, 'plain'],
      ['FR', -3, 'with, comma'],
      ['DE', 0.5, 'say "hi"'],
      ['IT', null, 'two\nlines'],
      ['ES', 7, 'carriage\rreturn'],
    ]);
    expect(csv).toBe(
      'country,new_users,note\r\n' +
        'US,1200,plain\r\n' +
        'FR,-3,"with, comma"\r\n' +
        'DE,0.5,"say ""hi"""\r\n' +
        'IT,,"two\nlines"\r\n' +
        'ES,7,"carriage\rreturn"\r\n',
    );
  });

  it('neutralises text cells and header names but keeps negative numbers', () => {
    const csv = toCsv([
      ['=cmd', 'value'],
      ['=HYPERLINK("http://evil.example")', -1],
      ['@SUM(A1)', -2.5],
      ['\tx', 3],
    ]);
    expect(csv.split('\r\n')).toEqual([
      "'=cmd,value",
      `"'=HYPERLINK(""http://evil.example"")",-1`,
      "'@SUM(A1),-2.5",
      "'\tx,3",
      '',
    ]);
  });

  it('writes booleans as true/false and an empty matrix as nothing', () => {
    expect(toCsv([['flag'], [true], [false]])).toBe('flag\r\ntrue\r\nfalse\r\n');
    expect(toCsv([])).toBe('');
  });
});

describe('TSV for the clipboard', () => {
  it('separates with tabs and newlines, neutralises, and quotes cells holding tabs, breaks or quotes', () => {
    const tsv = toTsv([
      ['country', 'new_users'],
      ['US', 1200],
      ['=1+1', -5],
      ['a\tb', null],
      ['say "hi"', 1],
      ['\tlead', 2],
    ]);
    expect(tsv).toBe(
      ['country\tnew_users', 'US\t1200', "'=1+1\t-5", '"a\tb"\t', '"say ""hi"""\t1', `"'\tlead"\t2`].join('\n'),
    );
  });
});

describe('Google Sheets values', () => {
  it('keeps numbers and booleans, neutralises text and writes nulls as empty strings', () => {
    expect(
      toSheetValues([
        ['h', '=x'],
        [-1, null],
        [true, '+1'],
      ]),
    ).toEqual([
      ['h', "'=x"],
      [-1, ''],
      [true, "'+1"],
    ]);
  });
});

describe('report rows', () => {
  it('unwraps single-value cell objects', () => {
    expect(unwrapCell({ value: 3 })).toBe(3);
    expect(unwrapCell({ value: '2024-01-01' })).toBe('2024-01-01');
    expect(unwrapCell({ v: { value: null } })).toBe(null);
    expect(unwrapCell(undefined)).toBe(null);
    expect(unwrapCell({ a: 1, b: 2 })).toBe('{"a":1,"b":2}');
    expect(unwrapCell([1, 2])).toBe('[1,2]');
    expect(unwrapCell(Number.NaN)).toBe(null);
  });

  it('builds a matrix in column order, header first, unwrapped', () => {
    const rows = [
      { new_users: { value: 10 }, date: { value: '2024-01-02' } },
      { date: '2024-01-01', new_users: null },
    ];
    expect(
      toMatrix(rows, [
        { id: 'date', label: 'Date' },
        { id: 'new_users', label: 'New Users' },
      ]),
    ).toEqual([
      ['Date', 'New Users'],
      ['2024-01-02', 10],
      ['2024-01-01', null],
    ]);
    expect(unwrapRows(rows, ['date'])).toEqual([{ date: '2024-01-02' }, { date: '2024-01-01' }]);
  });

  it('heads a column with its id only when it has no label', () => {
    expect(toMatrix([{ level: 3 }], [{ id: 'level', label: '' }])[0]).toEqual(['level']);
  });

  it('lists columns in first-seen order', () => {
    expect(
      columnsOf([
        { a: 1, b: 2 },
        { b: 3, c: 4 },
      ]),
    ).toEqual(['a', 'b', 'c']);
  });

  it('sorts nulls first ascending (so last descending), consistently, and shows them as null', () => {
    // (Array.prototype.sort never passes `undefined` to a comparator, so it is checked on its own below.)
    const values = [3, null, { value: 1 }, 2, { value: null }, { value: 0 }];
    const ascending = [...values].sort(compareCells).map(cellText);
    expect(ascending).toEqual(['null', 'null', '0', '1', '2', '3']);
    const descending = [...values].sort((a, b) => compareCells(b, a)).map(cellText);
    expect(descending).toEqual(['3', '2', '1', '0', 'null', 'null']);
    expect(compareCells(undefined, -1e9)).toBeLessThan(0);
    expect(compareCells(undefined, null)).toBe(0);
    expect(compareCells('a', undefined)).toBeGreaterThan(0);
    expect(cellText(undefined)).toBe('null');
  });

  it('compares numbers numerically and text with numeric collation; types never interleave', () => {
    expect([10, 9, 100].sort(compareCells)).toEqual([9, 10, 100]);
    expect(['level 10', 'level 9', 'Level 1'].sort(compareCells)).toEqual(['Level 1', 'level 9', 'level 10']);
    expect(['b', 2, true, null, 'a', 1].sort(compareCells)).toEqual([null, true, 1, 2, 'a', 'b']);
  });
});

function fakeEffects(overrides: Partial<ExportEffects> = {}) {
  const mocks = {
    download: vi.fn<ExportEffects['download']>(),
    notify: vi.fn<ExportEffects['notify']>(),
    alert: vi.fn<ExportEffects['alert']>(),
    writeClipboard: vi.fn<ExportEffects['writeClipboard']>(async () => {}),
  };
  return Object.assign(mocks, overrides);
}

describe('export actions', () => {
  const columns = [
    { id: 'country', label: 'Country' },
    { id: 'new_users', label: 'New Users' },
  ];
  const matrix = toMatrix(
    [
      { country: 'US', new_users: 5 },
      { country: '=evil()', new_users: -1 },
    ],
    columns,
  );

  it('downloads report_data.csv with a BOM and the neutralised CSV', async () => {
    const effects = fakeEffects();
    expect(await exportCsv(matrix, effects)).toBe(true);
    const [blob, name] = effects.download.mock.calls[0]!;
    expect(name).toBe(CSV_FILE_NAME);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer());
    expect(text).toBe(`${UTF8_BOM}Country,New Users\r\nUS,5\r\n'=evil(),-1\r\n`);
    expect(effects.notify).not.toHaveBeenCalled();
  });

  it("says 'Failed to export data.' when a download fails", async () => {
    const effects = fakeEffects({
      download: vi.fn(() => {
        throw new Error('no');
      }),
    });
    expect(await exportCsv(matrix, effects)).toBe(false);
    expect(effects.notify).toHaveBeenCalledWith(EXPORT_FAILED, 'error', 3000);
    const broken = class {
      constructor() {
        throw new Error('exceljs failed');
      }
    };
    expect(await exportExcel(matrix, effects, broken as unknown as Parameters<typeof exportExcel>[2])).toBe(false);
    expect(effects.notify).toHaveBeenLastCalledWith(EXPORT_FAILED, 'error', 3000);
  });

  it("copies tab-separated text and says 'Copied to clipboard!' for 2 s", async () => {
    const effects = fakeEffects();
    expect(await copyToClipboard(matrix, effects)).toBe(true);
    expect(effects.writeClipboard).toHaveBeenCalledWith("Country\tNew Users\nUS\t5\n'=evil()\t-1");
    expect(effects.notify).toHaveBeenCalledWith(COPIED_TO_CLIPBOARD, 'success', 2000);
  });

  it("alerts 'No data available to copy.' when there are no rows", async () => {
    const effects = fakeEffects();
    expect(await copyToClipboard(toMatrix([], [{ id: 'country', label: 'Country' }]), effects)).toBe(false);
    expect(await copyToClipboard([], effects)).toBe(false);
    expect(effects.alert).toHaveBeenCalledWith(NO_DATA_TO_COPY);
    expect(effects.writeClipboard).not.toHaveBeenCalled();
  });

  it("says 'Failed to copy to clipboard.' when the clipboard refuses", async () => {
    const effects = fakeEffects({ writeClipboard: vi.fn(async () => Promise.reject(new Error('denied'))) });
    expect(await copyToClipboard(matrix, effects)).toBe(false);
    expect(effects.notify).toHaveBeenCalledWith(COPY_FAILED, 'error', 3000);
  });
});
