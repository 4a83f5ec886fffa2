/** The catalogue and messages rules shared by the forms and the server (src/contracts/catalogue.ts, messages.ts). */
import { describe, expect, it } from 'vitest';
import { catalogueInputOf, formatPrice, priceCents, validateCatalogueItem } from '../../../src/contracts/catalogue';
import {
  renderNotification,
  unknownPlaceholderIn,
  validateNotificationSettings,
} from '../../../src/contracts/messages';

describe('catalogue prices and items', () => {
  it('reads prices as whole cents: at most two decimals, 0 to 999.99', () => {
    expect(priceCents('4.99')).toBe(499);
    expect(priceCents(' 0 ')).toBe(0);
    expect(priceCents(0.1 + 0.2)).toBe(30); // float noise (0.30000000000000004) is not a third decimal
    expect(priceCents(999.99)).toBe(99_999);
    expect(priceCents('1000')).toBeNull();
    expect(priceCents('-1')).toBeNull();
    expect(priceCents('1.999')).toBeNull();
    expect(priceCents('')).toBeNull();
    expect(priceCents('abc')).toBeNull();
    expect(formatPrice(0)).toBe('Free');
    expect(formatPrice(7.9)).toBe('$7.90');
  });

  it('an item is trimmed and keeps a period only as a subscription', () => {
    const draft = {
      name: ' Gems ',
      sku: ' gems_1 ',
      type: 'consumable' as const,
      price: '1.50',
      period: 'month' as const,
    };
    expect(validateCatalogueItem(draft, [])).toEqual({});
    expect(catalogueInputOf(draft)).toEqual({
      name: 'Gems',
      sku: 'gems_1',
      type: 'consumable',
      priceUsd: 1.5,
      period: null,
    });
    expect(validateCatalogueItem(draft, ['gems_1'])).toEqual({
      sku: 'Another item of this app already uses this SKU.',
    });
    expect(validateCatalogueItem({ ...draft, type: 'subscription', period: null }, [])).toEqual({
      period: 'Choose how often the subscription renews.',
    });
  });
});

describe('notification messages', () => {
  it('finds placeholders outside the allow-list and fills the allowed ones for the preview', () => {
    expect(unknownPlaceholderIn('Play {questName} in {appName} for {reward}')).toBeNull();
    expect(unknownPlaceholderIn('Hi {player}!')).toBe('player');
    expect(unknownPlaceholderIn('Empty {}')).toBe('');
    expect(renderNotification('{questName} · {reward} · {other}', { questName: 'Q', appName: 'A', reward: 'R' })).toBe(
      'Q · R · {other}',
    );
  });

  it('a switched-off message may be empty; a switched-on one may not', () => {
    const off = { enabled: false, title: '', body: '' };
    expect(validateNotificationSettings({ questStart: off, questComplete: off })).toEqual({});
    expect(validateNotificationSettings({ questStart: { ...off, enabled: true }, questComplete: off })).toEqual({
      'questStart.title': 'Title is required while the message is on.',
      'questStart.body': 'Message is required while the message is on.',
    });
  });
});
