/**
 * Settings → Catalogue and Messages on the server (src/contracts/catalogue.ts, messages.ts): the seeded Dragon Merge
 * catalogue and API keys; add / edit / remove an item with every rule checked again (name, sku format and uniqueness,
 * price in cents, the subscription period, another app's item not found); the player notifications' defaults, a save,
 * and the refusals (required while on, lengths, a placeholder outside the allow-list); viewers refused.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_APP_IDS } from '../../server/demo/seed';
import { bearer, createTestServer, signInDemo, type TestServer } from './helpers';

let server: TestServer;
let tokens: Record<'admin' | 'editor' | 'viewer', string>;

beforeAll(async () => {
  server = await createTestServer();
  tokens = await signInDemo(server.app, ['admin', 'editor', 'viewer']);
});
afterAll(() => server?.close());

const APP = DEMO_APP_IDS.pixelRacer;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string = tokens.editor, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const gem = { name: 'Sack of Coins', sku: 'coins_sack', type: 'consumable', priceUsd: 1.99, period: null };

describe('seeded demo rows', () => {
  test('each Dragon Merge app has its catalogue and an active api and s2s key, stored as prefix and hash', async () => {
    for (const appId of [DEMO_APP_IDS.dragonMergeAndroid, DEMO_APP_IDS.dragonMergeIos]) {
      const list = await call('GET', `/api/app/${appId}/catalogue`, tokens.viewer);
      expect(list.statusCode).toBe(200);
      expect(list.json().data.map((item: { sku: string }) => item.sku)).toEqual([
        'gems_handful',
        'gems_chest',
        'egg_bundle_5',
        'remove_ads',
        'dragon_pass.monthly',
      ]);
      expect(list.json().data[4]).toMatchObject({
        name: 'Dragon Pass',
        type: 'subscription',
        priceUsd: 7.99,
        period: 'month',
      });
      const keys = await server.db
        .selectFrom('app_api_keys')
        .selectAll()
        .where('app_id', '=', appId)
        .orderBy('created_at')
        .execute();
      expect(keys.map((k) => [k.type, k.status])).toEqual([
        ['api', 'active'],
        ['s2s', 'active'],
      ]);
      for (const key of keys) {
        expect(key.prefix).toMatch(new RegExp(`^qb_${key.type}_[A-Za-z0-9_-]{6}$`));
        expect(key.key_hash).toMatch(/^[0-9a-f]{64}$/);
      }
    }
  });
});

describe('catalogue', () => {
  test('an empty catalogue; add, edit and remove an item; prices kept in cents', async () => {
    expect((await call('GET', `/api/app/${APP}/catalogue`, tokens.viewer)).json()).toEqual({ success: true, data: [] });
    const added = await call('POST', `/api/app/${APP}/catalogue`, tokens.editor, { ...gem, name: '  Sack of Coins ' });
    expect(added.statusCode).toBe(200);
    const item = added.json().data;
    expect(item).toMatchObject({ name: 'Sack of Coins', sku: 'coins_sack', priceUsd: 1.99, period: null });
    expect(
      (
        await server.db
          .selectFrom('app_catalogue_items')
          .select('price_cents')
          .where('id', '=', item.id)
          .executeTakeFirstOrThrow()
      ).price_cents,
    ).toBe(199);

    const edited = await call('PUT', `/api/app/${APP}/catalogue/${item.id}`, tokens.admin, {
      ...gem,
      type: 'subscription',
      period: 'year',
      priceUsd: 49.99,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ id: item.id, type: 'subscription', period: 'year', priceUsd: 49.99 });
    const notSub = await call('PUT', `/api/app/${APP}/catalogue/${item.id}`, tokens.admin, { ...gem, period: 'week' });
    expect(notSub.json().data.period).toBeNull();

    expect((await call('DELETE', `/api/app/${APP}/catalogue/${item.id}`)).json()).toEqual({
      success: true,
      message: 'Item removed from the catalogue.',
    });
    expect((await call('DELETE', `/api/app/${APP}/catalogue/${item.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/app/${APP}/catalogue`)).json().data).toEqual([]);
  });

  test('every rule is checked again on the server, naming the field', async () => {
    const cases: Array<[object, string, string]> = [
      [{ ...gem, name: '   ' }, 'name', 'Name is required.'],
      [{ ...gem, name: 'x'.repeat(61) }, 'name', 'Name must be at most 60 characters.'],
      [
        { ...gem, sku: 'Coins Sack' },
        'sku',
        'Use lowercase letters, digits, dots and underscores, starting with a letter or digit (at most 100).',
      ],
      [
        { ...gem, sku: '_coins' },
        'sku',
        'Use lowercase letters, digits, dots and underscores, starting with a letter or digit (at most 100).',
      ],
      [{ ...gem, priceUsd: -1 }, 'price', 'Enter a price from 0.00 to 999.99 USD, with at most two decimals.'],
      [{ ...gem, priceUsd: 1.999 }, 'price', 'Enter a price from 0.00 to 999.99 USD, with at most two decimals.'],
      [{ ...gem, priceUsd: 1000 }, 'price', 'Enter a price from 0.00 to 999.99 USD, with at most two decimals.'],
      [{ ...gem, type: 'subscription', period: null }, 'period', 'Choose how often the subscription renews.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', `/api/app/${APP}/catalogue`, tokens.editor, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message, fields: [field] });
    }
    expect(
      (await call('POST', `/api/app/${APP}/catalogue`, tokens.editor, { ...gem, type: 'bundle' })).statusCode,
    ).toBe(400);
    expect((await call('GET', `/api/app/${APP}/catalogue`)).json().data).toEqual([]);
  });

  test('a sku is unique within the app (also for two saves at once), not across apps', async () => {
    const first = await call('POST', `/api/app/${APP}/catalogue`, tokens.editor, { ...gem, sku: 'unique_sku' });
    expect(first.statusCode).toBe(200);
    const again = await call('POST', `/api/app/${APP}/catalogue`, tokens.editor, { ...gem, sku: 'unique_sku' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'Another item of this app already uses this SKU.', fields: ['sku'] });
    const race = await Promise.all(
      [1, 2].map(() => call('POST', `/api/app/${APP}/catalogue`, tokens.editor, { ...gem, sku: 'raced_sku' })),
    );
    expect(race.map((r) => r.statusCode).sort((a, b) => a - b)).toEqual([200, 400]);
    // Editing an item may keep its own sku; taking another item's is refused.
    const other = (await call('POST', `/api/app/${APP}/catalogue`, tokens.editor, { ...gem, sku: 'other_sku' })).json()
      .data;
    expect(
      (
        await call('PUT', `/api/app/${APP}/catalogue/${other.id}`, tokens.editor, {
          ...gem,
          sku: 'other_sku',
          name: 'Renamed',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/api/app/${APP}/catalogue/${other.id}`, tokens.editor, { ...gem, sku: 'unique_sku' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call('POST', `/api/app/${DEMO_APP_IDS.wordGarden}/catalogue`, tokens.editor, {
          ...gem,
          sku: 'unique_sku',
        })
      ).statusCode,
    ).toBe(200);
  });

  test("viewers cannot change it; another app's item is not found through this app", async () => {
    expect((await call('POST', `/api/app/${APP}/catalogue`, tokens.viewer, gem)).statusCode).toBe(403);
    const dragonItem = (await call('GET', `/api/app/${DEMO_APP_IDS.dragonMergeIos}/catalogue`)).json().data[0];
    expect((await call('PUT', `/api/app/${APP}/catalogue/${dragonItem.id}`, tokens.editor, gem)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/app/${APP}/catalogue/${dragonItem.id}`, tokens.editor)).statusCode).toBe(404);
    expect(
      (await call('DELETE', `/api/app/${DEMO_APP_IDS.dragonMergeIos}/catalogue/${dragonItem.id}`, tokens.viewer))
        .statusCode,
    ).toBe(403);
  });
});

describe('notification settings', () => {
  const url = `/api/app/${APP}/notification-settings`;
  const good = {
    questStart: { enabled: true, title: 'Go: {questName}', body: 'Earn {reward} in {appName}.' },
    questComplete: { enabled: false, title: '', body: '' },
  };

  test('defaults until saved; a save is trimmed and read back', async () => {
    const first = (await call('GET', url, tokens.viewer)).json().data;
    expect(first.questStart).toEqual({
      enabled: true,
      title: 'New quest: {questName}',
      body: 'A new quest is waiting in {appName}. Complete it to earn {reward}!',
    });
    const saved = await call('PUT', url, tokens.editor, {
      ...good,
      questStart: { ...good.questStart, title: '  Go: {questName} ' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ success: true, message: 'Messages saved.', data: good });
    expect((await call('GET', url, tokens.viewer)).json().data).toEqual(good);
  });

  test('refused: empty while on, too long, a placeholder outside the allow-list; viewers', async () => {
    const cases: Array<[object, string, string]> = [
      [
        { ...good, questStart: { ...good.questStart, title: ' ' } },
        'questStart.title',
        'Title is required while the message is on.',
      ],
      [
        { ...good, questComplete: { enabled: true, title: 'Done', body: '' } },
        'questComplete.body',
        'Message is required while the message is on.',
      ],
      [
        { ...good, questStart: { ...good.questStart, title: 'x'.repeat(51) } },
        'questStart.title',
        'Title must be at most 50 characters.',
      ],
      [
        { ...good, questStart: { ...good.questStart, body: 'x'.repeat(181) } },
        'questStart.body',
        'Message must be at most 180 characters.',
      ],
      [
        { ...good, questStart: { ...good.questStart, body: 'Hi {playerName}' } },
        'questStart.body',
        'Unknown placeholder {playerName}. Use {questName}, {appName} or {reward}.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('PUT', url, tokens.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ message, fields: [field] });
    }
    expect((await call('PUT', url, tokens.viewer, good)).statusCode).toBe(403);
    expect((await call('GET', url)).json().data).toEqual(good);
  });
});
