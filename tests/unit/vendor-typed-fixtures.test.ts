/**
 * The recorded responses of the Stripe, Google Cloud and app-store adapters are all typed by their vendor
 * (tests/fixtures/vendor-typed; docs/engineering/testing.md, "Recorded responses are typed by the vendor"): the
 * typecheck tier checks the typed modules, and this test fails when a JSON file in those folders is left out of them,
 * so a new recorded response cannot skip the check.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { appStoreFixtures } from '../fixtures/vendor-typed/app-store';
import { googleCloudFixtures } from '../fixtures/vendor-typed/google-cloud';
import { stripeFixtures } from '../fixtures/vendor-typed/stripe';

const FIXTURES = path.join(import.meta.dirname, '../fixtures');
const TYPED: Record<string, Record<string, unknown>> = {
  stripe: stripeFixtures,
  'google-cloud': googleCloudFixtures,
  'app-store': appStoreFixtures,
};

describe.each(Object.entries(TYPED))('tests/fixtures/%s', (folder, typed) => {
  const files = readdirSync(path.join(FIXTURES, folder)).filter((name) => name.endsWith('.json'));
  const source = readFileSync(path.join(FIXTURES, 'vendor-typed', `${folder}.ts`), 'utf8');

  test('every JSON file is imported by its typed module', () => {
    expect(files.length).toBeGreaterThan(0);
    const unchecked = files.filter((name) => !source.includes(`from '../${folder}/${name}';`));
    expect(unchecked).toEqual([]);
  });

  test('the typed module checks each file once and hands it back unchanged', () => {
    const canonical = (value: unknown) => JSON.stringify(value);
    const fromFiles = files.map((name) =>
      canonical(JSON.parse(readFileSync(path.join(FIXTURES, folder, name), 'utf8'))),
    );
    expect(Object.values(typed).map(canonical).sort()).toEqual(fromFiles.sort());
  });
});
