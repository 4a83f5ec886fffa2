// The Excel export (SPEC §7 "report_data.xlsx (sheet Report Data)"): built with exceljs in Node through the same
// builder the browser uses, written to bytes, read back, and checked cell by cell.
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { buildWorkbook, toXlsxBytes, XLSX_SHEET_NAME } from '../../src/lib/exports';
import { toMatrix } from '../../src/lib/report-rows';

const rows = [
  { date: { value: '2024-03-01' }, country: 'US', new_users: { value: 5120 }, retention_d1: 0.3215 },
  { date: '2024-03-02', country: '=HYPERLINK("http://evil.example","x")', new_users: -1, retention_d1: null },
  { date: '2024-03-03', country: '@SUM(A1:A2)', new_users: 0, retention_d1: { value: 0.25 } },
  { date: '2024-03-04', country: '-1', new_users: 12.5, retention_d1: 0.1 },
  { date: '2024-03-05', country: '\r=1+1', new_users: 1, retention_d1: 0 },
  { date: '2024-03-06', country: 'line\r\nbreak _x000D_ literal', new_users: 2, retention_d1: 0 },
];
const columns = ['date', 'country', 'new_users', 'retention_d1'];

async function readBack() {
  const bytes = await toXlsxBytes(toMatrix(rows, columns), ExcelJS.Workbook);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer);
  return workbook;
}

describe('Excel export', () => {
  it("writes one sheet named 'Report Data' with the header row first", async () => {
    const workbook = await readBack();
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([XLSX_SHEET_NAME]);
    const sheet = workbook.getWorksheet(XLSX_SHEET_NAME)!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'date', 'country', 'new_users', 'retention_d1']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(rows.length + 1);
  });

  it('keeps numbers as numeric cells, negatives included', async () => {
    const sheet = (await readBack()).getWorksheet(XLSX_SHEET_NAME)!;
    const numberCells = [sheet.getCell('C2'), sheet.getCell('C3'), sheet.getCell('C4'), sheet.getCell('C5'), sheet.getCell('D2'), sheet.getCell('D4')];
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
});
