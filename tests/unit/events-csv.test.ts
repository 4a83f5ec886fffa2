/** The Adjust events.csv download (src/lib/events-csv.ts): dotted keys, every field quoted, formula-safe, round trip. */
import { describe, expect, it } from 'vitest';
import { eventsCsv, flatten } from '../../src/lib/events-csv';
import { parseAdjustEventsCsv } from '../../server/areas/integrations/adjust/csv';

describe('events.csv', () => {
  it('flattens nested objects with dotted keys', () => {
    expect(flatten({ a: 1, b: { c: 'x', d: { e: true } }, f: undefined, g: null, h: ['p', 'q'] })).toEqual({
      a: 1,
      'b.c': 'x',
      'b.d.e': true,
      g: null,
      h: 'p; q',
    });
  });
  it('quotes every field, doubles quotes, neutralises formulas, keeps the first-seen column order', () => {
    const text = eventsCsv([
      { event_token: 'abc123', event_name: 'Say "hi"' },
      { event_token: 'def456', event_name: '=HYPERLINK("x")', revenue: { type: 'iap', currency: 'USD' } },
    ]);
    expect(text).toBe(
      '"event_token","event_name","revenue.type","revenue.currency"\r\n' +
        '"abc123","Say ""hi""","",""\r\n' +
        '"def456","\'=HYPERLINK(""x"")","iap","USD"\r\n',
    );
  });
  it('a downloaded file uploads again unchanged', () => {
    const events = [
      {
        event_token: 'abc123',
        event_name: 'Purchase',
        revenue: { type: 'iap' as const, currency: 'USD', param: 'revenue' },
      },
      { event_token: 'lvl001', event_name: 'Level Up' },
    ];
    expect(parseAdjustEventsCsv(eventsCsv(events))).toEqual({
      ok: true,
      rows: [
        {
          event_token: 'abc123',
          event_name: 'Purchase',
          revenue_type: 'iap',
          currency: 'USD',
          revenue_param: 'revenue',
        },
        { event_token: 'lvl001', event_name: 'Level Up' },
      ],
    });
  });
});
