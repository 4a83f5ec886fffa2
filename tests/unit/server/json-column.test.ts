// JSON columns through their codecs (server/db/json-column.ts): what is written is the codec's encoding, and a stored
// value the codec refuses is an error that names the column, never a silently wrong row.
import { expect, test } from 'vitest';
import * as t from 'io-ts';
import { JsonTextList, readJson, writeJson } from '../../../server/db/json-column';
import { TargetConditions } from '../../../server/areas/monetize/schema';

test('writeJson stores the codec encoding; readJson reads parsed values and text alike', () => {
  const DateText = new t.Type<Date, string, unknown>(
    'DateText',
    (u): u is Date => u instanceof Date,
    (u, c) => (typeof u === 'string' ? t.success(new Date(u)) : t.failure(u, c)),
    (d) => d.toISOString(),
  );
  const at = new Date('2026-11-27T10:00:00.000Z');
  expect(writeJson(t.array(DateText), [at])).toBe('["2026-11-27T10:00:00.000Z"]');
  expect(readJson(t.array(DateText), 'x.at', ['2026-11-27T10:00:00.000Z'])).toEqual([at]);
  expect(readJson(JsonTextList, 'campaign.countries', '["US","GB"]')).toEqual(['US', 'GB']);
});

test('a stored value the codec refuses throws, naming the column', () => {
  expect(() => readJson(JsonTextList, 'monetize_campaigns.countries', ['US', 7])).toThrow(
    /monetize_campaigns\.countries/,
  );
  expect(() => readJson(TargetConditions, 'monetize_campaigns.target_conditions', [{ nonsense: true }])).toThrow(
    /target_conditions/,
  );
});
