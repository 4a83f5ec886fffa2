// The Excel export ("report_data.xlsx", sheet "Report Data"): built with exceljs in Node through the same builder
// the browser uses, written to bytes, read back (with exceljs, and with SheetJS, a reader that shares no code with
// the writer), and checked cell by cell.
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import * as SheetJS from '@e965/xlsx';
import { buildWorkbook, sheetDate, sheetKindOf, toXlsxBytes, XLSX_SHEET_NAME } from '../../src/lib/exports';
import { toMatrix } from '../../src/lib/report-rows';

const rows = [
  { date: { value: '2024-03-01' }, country: 'US', new_users: { value: 5120 }, retention_d1: 0.3215 },
  { date: '2024-03-02', country: '=HYPERLINK("http://evil.example","x")', new_users: -1, retention_d1: null },
  { date: '2024-03-03', country: '@SUM(A1:A2)', new_users: 0, retention_d1: { value: 0.25 } },
  { date: '2024-03-04', country: '-1', new_users: 12.5, retention_d1: 0.1 },
  { date: '2024-03-05', country: '\r=1+1', new_users: 1, retention_d1: 0 },
  { date: '2024-03-06', country: 'line\r\nbreak _x000D_ literal', new_users: 2, retention_d1: 0 },
];
const columns = [
  { id: 'date', label: 'Date', dataType: 'DATE' },
  { id: 'country', label: 'Country', dataType: 'STRING' },
  { id: 'new_users', label: 'New Users', dataType: 'INT64' },
  { id: 'retention_d1', label: 'Retention D1', dataType: 'FLOAT64' },
];
const kinds = columns.map((column) => sheetKindOf(column.dataType));

async function readBack() {
  const bytes = await toXlsxBytes(toMatrix(rows, columns), ExcelJS.Workbook, kinds);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer);
  return workbook;
}

describe('Excel export', () => {
  it("writes one sheet named 'Report Data' with the header row first", async () => {
    const workbook = await readBack();
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([XLSX_SHEET_NAME]);
    const sheet = workbook.getWorksheet(XLSX_SHEET_NAME)!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Date', 'Country', 'New Users', 'Retention D1']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(rows.length + 1);
  });

  it('keeps numbers as numeric cells, negatives included', async () => {
    const sheet = (await readBack()).getWorksheet(XLSX_SHEET_NAME)!;
    const numberCells = [
      sheet.getCell('C2'),
      sheet.getCell('C3'),
      sheet.getCell('C4'),
      sheet.getCell('C5'),
      sheet.getCell('D2'),
      sheet.getCell('D4'),
    ];
    for (const cell of numberCells) expect(cell.type, cell.address).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getCell('C2').value).toBe(5120);
    expect(sheet.getCell('C3').value).toBe(-1);
    expect(sheet.getCell('C5').value).toBe(12.5);
    expect(sheet.getCell('D2').value).toBe(0.3215);
    expect(sheet.getCell('D3').type).toBe(ExcelJS.ValueType.Null);
  });

  it('neutralises formula-like text and never writes a formula', async () => {
    const sheet = (await readBack()).getWorksheet(XLSX_SHEET_NAME)!;
    expect(sheet.getCell('B3').value).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(sheet.getCell('B3').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell('B4').value).toBe("'@SUM(A1:A2)");
    expect(sheet.getCell('B5').value).toBe('-1');
    expect(sheet.getCell('B5').type).toBe(ExcelJS.ValueType.String);
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type, cell.address).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it('a CR survives the XML (escaped as _x000D_), and text that looks like an escape reads back as written', async () => {
    const sheet = (await readBack()).getWorksheet(XLSX_SHEET_NAME)!;
    expect(sheet.getCell('B6').value).toBe("'\r=1+1");
    expect(sheet.getCell('B7').value).toBe('line\r\nbreak _x000D_ literal');
  });

  it('builds the workbook in memory from the builder the browser uses', () => {
    const workbook = buildWorkbook(ExcelJS.Workbook, [['a'], ['+1']]);
    expect(workbook.getWorksheet(XLSX_SHEET_NAME)!.getCell('A2').value).toBe("'+1");
  });

  it('a second reader (SheetJS) sees the labels as headers and the date column as real dates a sheet can sort', async () => {
    const bytes = await toXlsxBytes(toMatrix(rows, columns), ExcelJS.Workbook, kinds);
    const book = SheetJS.read(bytes, { type: 'array', cellDates: true, cellNF: true });
    const sheet = book.Sheets[XLSX_SHEET_NAME]!;
    expect(['A1', 'B1', 'C1', 'D1'].map((address) => sheet[address]?.v)).toEqual([
      'Date',
      'Country',
      'New Users',
      'Retention D1',
    ]);
    const dates = ['A2', 'A3', 'A7'].map((address) => sheet[address]!);
    for (const cell of dates) {
      expect(cell.t).toBe('d');
      expect(cell.z).toBe('yyyy-mm-dd');
    }
    expect((dates[0]!.v as Date).toISOString().slice(0, 10)).toBe('2024-03-01');
    expect((dates[2]!.v as Date).toISOString().slice(0, 10)).toBe('2024-03-06');
    // The raw serial: 2024-03-01 is day 45352 of Excel's 1900 calendar, whatever the reader's time zone.
    const raw = SheetJS.read(bytes, { type: 'array' }).Sheets[XLSX_SHEET_NAME]!;
    expect(raw.A2).toMatchObject({ t: 'n', v: 45352 });
    expect(raw.C2).toMatchObject({ t: 'n', v: 5120 });
    expect(raw.B2).toMatchObject({ t: 's', v: 'US' });
  });

  it('writes timestamps with a time format, and leaves text that is no date as text', async () => {
    const matrix = toMatrix(
      [
        { at: '2024-03-01 12:30:05Z' },
        { at: '2024-03-02T00:00:01.250Z' },
        { at: '2024-02-30 00:00:00Z' },
        { at: 'soon' },
      ],
      [{ id: 'at', label: 'Event Time' }],
    );
    const raw = SheetJS.read(await toXlsxBytes(matrix, ExcelJS.Workbook, ['timestamp']), {
      type: 'array',
      cellNF: true,
    }).Sheets[XLSX_SHEET_NAME]!;
    expect(raw.A2).toMatchObject({ t: 'n', z: 'yyyy-mm-dd hh:mm:ss' });
    expect(raw.A2!.v as number).toBeCloseTo(45352 + (12 * 3600 + 30 * 60 + 5) / 86400, 8);
    expect(raw.A3!.v as number).toBeCloseTo(45353 + 1.25 / 86400, 8);
    expect(raw.A4).toMatchObject({ t: 's', v: '2024-02-30 00:00:00Z' });
    expect(raw.A5).toMatchObject({ t: 's', v: 'soon' });
  });

  it('reads report date text in UTC, and nothing else', () => {
    expect(sheetDate('2024-03-01')?.toISOString()).toBe('2024-03-01T00:00:00.000Z');
    expect(sheetDate('2024-03-01 10:00:00 UTC')?.toISOString()).toBe('2024-03-01T10:00:00.000Z');
    expect(sheetDate('2024-03-01T10:00:00+02:00')).toBeNull();
    expect(sheetDate('2024-13-01')).toBeNull();
    expect(sheetDate('=1+1')).toBeNull();
    expect(sheetKindOf('DATE')).toBe('date');
    expect(sheetKindOf('TIMESTAMP')).toBe('timestamp');
    expect(sheetKindOf(undefined)).toBe('value');
  });
});
