/**
 * Reading an Adjust events file on the server (server/areas/integrations/adjust/csv.ts: csv-parse, then the docs/domain.md row rules of
 * src/contracts/integrations.ts): header, quoting, line numbers of every error, names and content checks.
 */
import { describe, expect, it } from 'vitest';
import {
  parseAdjustEventsCsv,
  readAdjustEventsFile,
  readCsvRecords,
} from '../../../server/areas/integrations/adjust/csv';
import * as fx from '../../fixtures/integrations';

describe('parseAdjustEventsCsv', () => {
  it('parses the header and rows, omitting empty optional cells', () => {
    const text =
      'event_token,event_name,revenue_type,currency,revenue_param\nabc123,Purchase,iap,USD,revenue\nlvl001,Level Up,,,\n';
    expect(parseAdjustEventsCsv(text)).toEqual({
      ok: true,
      rows: [fx.adjustRow, { event_token: 'lvl001', event_name: 'Level Up' }],
    });
  });
  it('handles a BOM, CRLF, quoted cells, blank lines, column order, case and extra columns', () => {
    const text =
      '\uFEFFEvent_Name , event_token,notes\r\n"Purchase, big",abc123,"said ""hi"""\r\n\r\n"Level\nUp",lvl001,\r\n';
    expect(parseAdjustEventsCsv(text)).toEqual({
      ok: true,
      rows: [
        { event_token: 'abc123', event_name: 'Purchase, big' },
        { event_token: 'lvl001', event_name: 'Level\nUp' },
      ],
    });
  });
  it('accepts the revenue type in any case', () => {
    const parsed = parseAdjustEventsCsv('event_token,event_name,revenue_type\nabc123,Ad watched,ADS');
    expect(parsed).toEqual({
      ok: true,
      rows: [{ event_token: 'abc123', event_name: 'Ad watched', revenue_type: 'ads' }],
    });
  });
  it('reports a missing or duplicated header column', () => {
    expect(parseAdjustEventsCsv('token,event_name\nabc123,x')).toEqual({
      ok: false,
      errors: ['header: missing column event_token'],
    });
    expect(parseAdjustEventsCsv('event_token,event_name,event_name\nabc123,x,y')).toEqual({
      ok: false,
      errors: ['header: duplicate column event_name'],
    });
  });
  it('reports an empty file or one without events', () => {
    expect(parseAdjustEventsCsv('')).toEqual({ ok: false, errors: ['The events file is empty.'] });
    expect(parseAdjustEventsCsv('\n , \n')).toEqual({ ok: false, errors: ['The events file is empty.'] });
    expect(parseAdjustEventsCsv('event_token,event_name\n')).toEqual({
      ok: false,
      errors: ['The events file has no events.'],
    });
  });
  it('names the line of each bad row', () => {
    const text = [
      'event_token,event_name,revenue_type',
      'abc123,Purchase,iap',
      'BAD,Shouty,',
      ',No token,',
      'abc123,Again,',
      'def456,Too many,ads,extra',
      'ghi789,,other',
    ].join('\n');
    expect(parseAdjustEventsCsv(text)).toEqual({
      ok: false,
      errors: [
        'line 3: event_token must be 6 or more lowercase letters or digits',
        'line 4: event_token is required',
        'line 5: event_token abc123 already used on line 2',
        'line 6: more cells than header columns',
        'line 7: event_name is required',
      ],
    });
  });
  it('reports an unterminated quote', () => {
    const parsed = parseAdjustEventsCsv('event_token,event_name\nabc123,"Purchase\n');
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.errors).toEqual([expect.stringMatching(/^line \d+: unterminated quoted field$/)]);
  });
  it('counts lines inside quoted cells (any line ending)', () => {
    const expected = {
      records: [
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['x\ny', 'z'] },
        { line: 4, cells: ['last', 'row'] },
      ],
    };
    expect(readCsvRecords('a,b\n"x\ny",z\nlast,row')).toEqual(expected);
    expect(readCsvRecords('a,b\r\n"x\r\ny",z\r\nlast,row\r\n')).toEqual(expected);
  });
  it('reads the dotted columns of the events.csv download, so a downloaded file uploads again', () => {
    expect(
      parseAdjustEventsCsv(
        '"event_token","event_name","revenue.type","revenue.currency","revenue.param"\n"abc123","Purchase","iap","USD","revenue"',
      ),
    ).toEqual({
      ok: true,
      rows: [fx.adjustRow],
    });
  });
});

describe('readAdjustEventsFile', () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  it('refuses a missing file, another extension, binary content and invalid UTF-8', () => {
    expect(readAdjustEventsFile(undefined)).toEqual({ ok: false, errors: ['The events file is required.'] });
    expect(readAdjustEventsFile({ filename: 'events.xlsx', bytes: bytes('event_token,event_name') })).toEqual({
      ok: false,
      errors: ['Only .CSV file is accepted.'],
    });
    expect(
      readAdjustEventsFile({ filename: 'e.csv', bytes: Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]) }),
    ).toEqual({ ok: false, errors: ['The events file is not a text CSV file.'] });
    expect(readAdjustEventsFile({ filename: 'e.csv', bytes: Uint8Array.from([0x61, 0xff, 0xfe]) })).toEqual({
      ok: false,
      errors: ['The events file is not a text CSV file.'],
    });
  });
  it('accepts an upper-case .CSV name with a BOM', () => {
    expect(
      readAdjustEventsFile({ filename: 'Events.CSV', bytes: bytes('\uFEFFevent_token,event_name\nabc123,Purchase') }),
    ).toEqual({
      ok: true,
      rows: [{ event_token: 'abc123', event_name: 'Purchase' }],
    });
  });
});
