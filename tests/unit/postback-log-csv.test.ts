/**
 * The postback log's CSV (src/lib/postback-log-csv.ts): written by the report exports' writer, so a value a partner
 * controls (an event name, a reason quoting it) can never start a formula in a spreadsheet; RFC 4180 quoting; the
 * header and one record per postback.
 */
import { describe, expect, it } from 'vitest';
import { postbackLogCsv } from '../../src/lib/postback-log-csv';
import type { PostbackLogRow } from '../../src/contracts/postbacks';

const row = (overrides: Partial<PostbackLogRow>): PostbackLogRow => ({
  id: '1',
  receivedAt: Date.parse('2026-11-20T10:11:12.345Z'),
  eventName: 'af_purchase',
  outcome: 'stored',
  reasonCode: null,
  reason: null,
  advertisingId: 'AEBE…6239',
  ...overrides,
});

describe('postback log CSV', () => {
  it('has the header, one record per postback, nulls as empty cells', () => {
    expect(postbackLogCsv([row({})])).toBe(
      'Received (UTC),Event,Outcome,Reason code,Reason,Device ID\r\n' +
        '2026-11-20T10:11:12.345Z,af_purchase,stored,,,AEBE…6239\r\n',
    );
  });

  it('defuses formula-like event names and reasons, quoting fields with commas and quotes', () => {
    const csv = postbackLogCsv([
      row({
        eventName: '=HYPERLINK("http://x.example","y")',
        outcome: 'refused',
        reasonCode: 'malformed',
        reason: '@SUM(1,2) is not a time',
        advertisingId: '+1…2345',
      }),
      row({
        id: '2',
        eventName: '-2+3',
        outcome: 'duplicate',
        reasonCode: 'already_received',
        reason: 'already received',
      }),
    ]);
    const [, first, second] = csv.split('\r\n');
    expect(first).toBe(
      `2026-11-20T10:11:12.345Z,"'=HYPERLINK(""http://x.example"",""y"")",refused,malformed,"'@SUM(1,2) is not a time",'+1…2345`,
    );
    expect(second).toBe("2026-11-20T10:11:12.345Z,'-2+3,duplicate,already_received,already received,AEBE…6239");
  });
});
