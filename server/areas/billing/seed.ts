/**
 * Billing demo rows (called from seedDemo, inside its transaction): Demo Studio gets six months of invoices paid by
 * card (the latest still open, an older voided one without a document), the charges behind them and a few pending
 * ones, payment methods (a default Visa, a Mastercard, the manual invoice), credits (an expired welcome credit, a
 * promo credit that expires in a few days, a goodwill credit partly used) and a balance low enough for the runway
 * warning. Rival Games gets its own card and invoice (so tests can show they never leak). Promo codes: see README.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

const DAY = 24 * 60 * 60 * 1000;

/** Promo codes of the demo (README "Billing"). */
export const DEMO_PROMO_CODES = {
  valid: 'QUEST50',
  big: 'LAUNCH100',
  expired: 'SUMMER2024',
  usedByDemo: 'SPRING25',
} as const;

export async function seedBilling(trx: Transaction<Database>, now: Date, workspaces: { demo: string; rival: string }) {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  const monthStart = (monthsAgo: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1));
  const { demo, rival } = workspaces;

  await trx
    .insertInto('billing_accounts')
    .values([
      {
        workspace_id: demo,
        threshold_cents: null,
        current_period_end: monthStart(-1),
        customer_name: 'Demo Studio Ltd',
        customer_line1: '12 Harbour Street',
        customer_line2: 'Unit 4',
        customer_city: 'Bristol',
        customer_postal_code: 'BS1 4RN',
        customer_country: 'GB',
      },
      { workspace_id: rival, threshold_cents: 50_000, current_period_end: monthStart(-1) },
    ])
    .execute();

  await trx
    .insertInto('billing_payment_methods')
    .values([
      {
        id: 'pm_demo_visa',
        workspace_id: demo,
        type: 'card',
        brand: 'visa',
        last4: '4242',
        exp_month: 8,
        exp_year: now.getUTCFullYear() + 2,
        is_default: true,
        created_at: at(200),
      },
      {
        id: 'pm_demo_mastercard',
        workspace_id: demo,
        type: 'card',
        brand: 'mastercard',
        last4: '4444',
        exp_month: 3,
        exp_year: now.getUTCFullYear() + 1,
        is_default: false,
        created_at: at(120),
      },
      { id: 'pm_demo_invoice', workspace_id: demo, type: 'manual_invoice', is_default: false, created_at: at(90) },
      {
        id: 'pm_rival_amex',
        workspace_id: rival,
        type: 'card',
        brand: 'amex',
        last4: '0005',
        exp_month: 11,
        exp_year: now.getUTCFullYear() + 3,
        is_default: true,
        created_at: at(100),
      },
    ])
    .execute();

  await trx
    .insertInto('billing_promo_codes')
    .values([
      {
        code: DEMO_PROMO_CODES.valid,
        description: '$50 of quest credits',
        amount_cents: 5_000,
        expires_at: new Date(now.getTime() + 365 * DAY),
        credit_days: 90,
      },
      {
        code: DEMO_PROMO_CODES.big,
        description: 'Launch offer',
        amount_cents: 10_000,
        expires_at: new Date(now.getTime() + 180 * DAY),
        credit_days: 60,
      },
      {
        code: DEMO_PROMO_CODES.expired,
        description: 'Summer 2024 offer',
        amount_cents: 2_500,
        expires_at: at(400),
        credit_days: 30,
      },
      {
        code: DEMO_PROMO_CODES.usedByDemo,
        description: 'Spring offer',
        amount_cents: 2_500,
        expires_at: new Date(now.getTime() + 60 * DAY),
        credit_days: 30,
      },
    ])
    .execute();

  // Six monthly invoices (oldest first): each settles that month's quest charges.
  const monthly = [18_240, 22_615, 19_980, 26_450, 31_205, 28_760];
  for (const [i, total] of monthly.entries()) {
    const monthsAgo = monthly.length - i;
    const start = monthStart(monthsAgo);
    const end = monthStart(monthsAgo - 1);
    const id = `in_demo_${start.toISOString().slice(0, 7).replace('-', '')}`;
    const latest = monthsAgo === 1;
    const credits = i === 0 ? 5_000 : 0;
    const issuedAt = new Date(end.getTime() + 2 * DAY > now.getTime() ? now.getTime() - DAY : end.getTime() + 2 * DAY);
    await trx
      .insertInto('billing_invoices')
      .values({
        id,
        workspace_id: demo,
        issued_at: issuedAt,
        period_start: start,
        period_end: end,
        amount_cents: total - credits,
        credits_applied_cents: credits,
        status: latest ? 'open' : 'paid',
        payment_method_type: 'card',
        payment_method_last4: '4242',
        // The card is charged the day after the invoice is issued.
        paid_at: latest ? null : new Date(issuedAt.getTime() + DAY),
      })
      .execute();
    const parts = [0.42, 0.33, 0.25];
    let left = total;
    for (const [j, share] of parts.entries()) {
      const cents = j === parts.length - 1 ? left : Math.round(total * share);
      left -= cents;
      await trx
        .insertInto('billing_charges')
        .values({
          id: `ch_${id}_${j + 1}`,
          workspace_id: demo,
          amount_cents: cents,
          invoice_id: id,
          source: 'quest',
          description: [
            'Dragon Merge: level 10 quest completions',
            'Word Garden: daily streak quest completions',
            'Pixel Racer: first race quest completions',
          ][j]!,
          created_at: new Date(start.getTime() + (5 + j * 8) * DAY),
        })
        .execute();
    }
  }
  await trx
    .insertInto('billing_invoices')
    .values({
      id: 'in_demo_void_1',
      workspace_id: demo,
      issued_at: monthStart(5),
      period_start: monthStart(6),
      period_end: monthStart(5),
      amount_cents: 1_250,
      credits_applied_cents: 0,
      status: 'void',
      payment_method_type: 'manual_invoice',
      payment_method_last4: null,
    })
    .execute();

  // Pending charges of the current period: about $7 a day.
  const pending: [number, number, string][] = [
    [1, 1_480, 'Dragon Merge: level 10 quest completions'],
    [3, 2_125, 'Word Garden: daily streak quest completions'],
    [6, 1_890, 'Dragon Merge: level 10 quest completions'],
    [9, 2_310, 'Pixel Racer: first race quest completions'],
    [12, 1_835, 'Dragon Merge: level 10 quest completions'],
  ];
  for (const [i, [daysAgo, cents, description]] of pending.entries()) {
    await trx
      .insertInto('billing_charges')
      .values({
        id: `ch_demo_pending_${i + 1}`,
        workspace_id: demo,
        amount_cents: cents,
        description,
        source: 'quest',
        created_at: at(daysAgo),
      })
      .execute();
  }

  await trx
    .insertInto('billing_credits')
    .values([
      {
        id: 'ct_demo_welcome',
        workspace_id: demo,
        description: 'Welcome credits',
        amount_cents: 5_000,
        remaining_cents: 0,
        expires_at: at(150),
        created_at: at(210),
      },
      {
        id: 'ct_demo_spring',
        workspace_id: demo,
        description: `Promo code ${DEMO_PROMO_CODES.usedByDemo}: Spring offer`,
        amount_cents: 2_500,
        remaining_cents: 2_500,
        promo_code: DEMO_PROMO_CODES.usedByDemo,
        expires_at: new Date(now.getTime() + 5 * DAY),
        created_at: at(25),
      },
      {
        id: 'ct_demo_goodwill',
        workspace_id: demo,
        description: 'Goodwill credit for the March outage',
        amount_cents: 15_000,
        remaining_cents: 9_640,
        expires_at: new Date(now.getTime() + 75 * DAY),
        created_at: at(45),
      },
      {
        id: 'ct_rival_welcome',
        workspace_id: rival,
        description: 'Rival welcome credits',
        amount_cents: 7_700,
        remaining_cents: 7_700,
        expires_at: new Date(now.getTime() + 30 * DAY),
        created_at: at(20),
      },
    ])
    .execute();
  await trx
    .insertInto('billing_promo_redemptions')
    .values({ code: DEMO_PROMO_CODES.usedByDemo, workspace_id: demo, credit_id: 'ct_demo_spring', redeemed_at: at(25) })
    .execute();

  await trx
    .insertInto('billing_invoices')
    .values({
      id: 'in_rival_0001',
      workspace_id: rival,
      issued_at: at(20),
      period_start: at(50),
      period_end: at(20),
      amount_cents: 4_400,
      credits_applied_cents: 0,
      status: 'paid',
      payment_method_type: 'card',
      payment_method_last4: '0005',
      paid_at: at(19),
    })
    .execute();
}
