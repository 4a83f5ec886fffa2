/**
 * Billing (docs/billing.md §Screens and routes billing tabs, §Entities Billing, §Invoice and credit states statuses, §Rules and limits promo code, §Roles admin only, §Rules and limits balance arithmetic):
 * balance, subscription, runway, payment methods (set default, delete with the pending-charges rule), the sandbox
 * hosted setup page (Luhn, expiry, the declined test card, success back to billing?success=true), promo codes
 * (valid, unknown, expired, used, rate limit), invoices with their signed PDF, credit transactions, and isolation
 * from "Rival Games". One seeded database; tests run in order.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_WORKSPACE_ID, RIVAL_WORKSPACE_ID } from '../../server/demo/seed';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';
import { pdfTextLines } from './pdf-text';

type Who = 'admin' | 'editor' | 'viewer' | 'staff' | 'rival';
let server: TestServer;
const tokens = {} as Record<Who, string>;

beforeAll(async () => {
  server = await createTestServer();
  for (const who of Object.keys(DEMO_ACCOUNTS) as Who[]) tokens[who] = await signInAs(server.app, DEMO_ACCOUNTS[who]);
});
afterAll(() => server?.close());

const B = (ws = DEMO_WORKSPACE_ID) => `/api/workspace/${ws}/billing`;
const get = (who: Who | null, url: string) =>
  server.app.inject({ method: 'GET', url, headers: who ? bearer(tokens[who]) : {} });
const send = (who: Who | null, method: 'POST' | 'DELETE', url: string, payload?: unknown) =>
  server.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: who ? bearer(tokens[who]) : {},
  });
const form = (url: string, fields: Record<string, string>) =>
  server.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('reads', () => {
  test('balance: credits in cents (expired credits left out), pending charges in dollars', async () => {
    const res = await get('admin', `${B()}/balance`);
    expect(res.statusCode).toBe(200);
    // Seeded: SPRING25 $25 + goodwill $96.40 left (the welcome credit expired); pending 14.80+21.25+18.90+23.10+18.35.
    expect(res.json()).toEqual({ success: true, data: { credits: 12_140, pendingCharges: 96.4 } });
  });

  test('subscription: no threshold (so $200 applies), the period ends at the next month', async () => {
    const { data } = (await get('admin', `${B()}/subscription`)).json();
    expect(data.billingThresholds).toBeNull();
    const now = new Date();
    expect(data.currentPeriodEnd).toBe(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) / 1000);
    expect((await get('rival', `${B(RIVAL_WORKSPACE_ID)}/subscription`)).json().data.billingThresholds).toEqual({
      amountGte: 500,
    });
  });

  test('runway: pace over 30 days, days left at that pace, credits soonest expiry first', async () => {
    const { data } = (await get('admin', `${B()}/runway`)).json();
    expect(data.paceDays).toBe(30);
    expect(data.dailySpend).toBeGreaterThan(0);
    expect(data.runwayDays).toBe(Math.floor((12_140 - 9_640) / (data.dailySpend * 100)));
    expect(data.lowBalance).toBe(data.runwayDays < 14);
    expect(data.credits.map((c: { id: string; order: number }) => [c.id, c.order])).toEqual([
      ['ct_demo_spring', 1],
      ['ct_demo_goodwill', 2],
    ]);
  });

  test('payment methods: the default first, cards with brand, last4 and expiry, the manual invoice', async () => {
    const { data } = (await get('admin', `${B()}/payment-methods`)).json();
    expect(data.map((m: { id: string }) => m.id)).toEqual(['pm_demo_visa', 'pm_demo_mastercard', 'pm_demo_invoice']);
    expect(data[0]).toMatchObject({
      type: 'card',
      isDefault: true,
      manualInvoice: false,
      card: { brand: 'visa', last4: '4242' },
    });
    expect(data[2]).toMatchObject({ type: 'manual_invoice', isDefault: false, manualInvoice: true, card: null });
  });

  test('credit transactions: active, expired and used, amounts in cents', async () => {
    const { data } = (await get('admin', `${B()}/credit-transactions`)).json();
    const byId = Object.fromEntries(data.map((c: { id: string }) => [c.id, c]));
    expect(byId.ct_demo_spring).toMatchObject({ amount: 2_500, currency: 'usd', status: 'active' });
    expect(byId.ct_demo_welcome.status).toBe('expired');
    expect(byId.ct_demo_goodwill.status).toBe('active');
    expect(byId.ct_rival_welcome).toBeUndefined();
  });

  test('invoices: months of history, newest first; a void invoice has no download url', async () => {
    const { data } = (await get('admin', `${B()}/invoices`)).json();
    expect(data.length).toBe(7);
    expect(data[0].status).toBe('open');
    expect(data.slice(1, 6).every((i: { status: string }) => i.status === 'paid')).toBe(true);
    expect(data[0].paymentMethod).toEqual({ type: 'card', last4: '4242' });
    expect(data.find((i: { transactionId: string }) => i.transactionId === 'in_demo_void_1').downloadUrl).toBeNull();
    expect(data.every((i: { transactionId: string }) => !i.transactionId.startsWith('in_rival'))).toBe(true);
  });
});

describe('who may', () => {
  test('editors and viewers get 403, another workspace 404, anonymous 401; staff (admin) reads', async () => {
    for (const path of ['balance', 'payment-methods', 'invoices', 'credit-transactions']) {
      expect((await get('editor', `${B()}/${path}`)).statusCode).toBe(403);
      expect((await get('viewer', `${B()}/${path}`)).json()).toMatchObject({ code: 'access_missing_role_for_action' });
      expect((await get('rival', `${B()}/${path}`)).statusCode).toBe(404);
      expect((await get(null, `${B()}/${path}`)).statusCode).toBe(401);
      expect((await get('staff', `${B()}/${path}`)).statusCode).toBe(200);
    }
  });

  test("a rival admin cannot touch Demo Studio's methods even by id through its own workspace", async () => {
    expect(
      (await send('rival', 'POST', `${B(RIVAL_WORKSPACE_ID)}/payment-methods/pm_demo_mastercard/default`)).statusCode,
    ).toBe(404);
    expect(
      (await send('rival', 'DELETE', `${B(RIVAL_WORKSPACE_ID)}/payment-methods/pm_demo_mastercard`)).statusCode,
    ).toBe(404);
    const rival = (await get('rival', `${B(RIVAL_WORKSPACE_ID)}/payment-methods`)).json().data;
    expect(rival.map((m: { id: string }) => m.id)).toEqual(['pm_rival_amex']);
    expect(
      (await get('rival', `${B(RIVAL_WORKSPACE_ID)}/invoices`))
        .json()
        .data.map((i: { transactionId: string }) => i.transactionId),
    ).toEqual(['in_rival_0001']);
  });
});

describe('promo codes', () => {
  test('a valid code adds a credit transaction; the second use is refused', async () => {
    const res = await send('admin', 'POST', `${B()}/redeem`, { code: ' quest50 ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Promo code redeemed: $50.00 of credits added.');
    const credits = (await get('admin', `${B()}/credit-transactions`)).json().data;
    expect(credits[0]).toMatchObject({
      description: 'Promo code QUEST50: $50 of quest credits',
      amount: 5_000,
      status: 'active',
    });
    expect((await get('admin', `${B()}/balance`)).json().data.credits).toBe(17_140);
    const again = await send('admin', 'POST', `${B()}/redeem`, { code: 'QUEST50' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This promo code has already been redeemed for this workspace.');
  });

  test('unknown, expired, empty and too long codes are refused with their reason', async () => {
    const unknown = await send('admin', 'POST', `${B()}/redeem`, { code: 'NOPE' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      404,
      'This promo code does not exist. Check the spelling and try again.',
    ]);
    const expired = await send('admin', 'POST', `${B()}/redeem`, { code: 'SUMMER2024' });
    expect([expired.statusCode, expired.json().message]).toEqual([410, 'This promo code has expired.']);
    expect((await send('admin', 'POST', `${B()}/redeem`, { code: '   ' })).statusCode).toBe(400);
    expect((await send('admin', 'POST', `${B()}/redeem`, { code: 'X'.repeat(65) })).statusCode).toBe(400);
    expect((await send('admin', 'POST', `${B()}/redeem`, {})).statusCode).toBe(400);
  });

  test('the same code works once per workspace, not once in total', async () => {
    expect((await send('rival', 'POST', `${B(RIVAL_WORKSPACE_ID)}/redeem`, { code: 'QUEST50' })).statusCode).toBe(200);
  });

  test('failed attempts are rate-limited per workspace', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await send('rival', 'POST', `${B(RIVAL_WORKSPACE_ID)}/redeem`, { code: `GUESS${i}` })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    const limited = await send('rival', 'POST', `${B(RIVAL_WORKSPACE_ID)}/redeem`, { code: 'LAUNCH100' });
    expect([limited.statusCode, limited.json().message]).toEqual([
      429,
      'Too many promo code attempts. Please wait 15 minutes and try again.',
    ]);
    // Demo Studio's own attempts are counted apart.
    expect((await send('admin', 'POST', `${B()}/redeem`, { code: 'LAUNCH100' })).statusCode).toBe(200);
  });
});

describe('invoice PDF', () => {
  test('the signed url answers a real PDF holding the transaction id, without a session', async () => {
    const invoice = (await get('admin', `${B()}/invoices`)).json().data[1];
    const res = await server.app.inject({ method: 'GET', url: invoice.downloadUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toContain(invoice.transactionId);
    expect(res.rawPayload.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    // Chrome's PDF viewer needs object-src 'self'; nobody may frame it, and nothing else loads.
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  test("a paid invoice says what was paid and when; it names the seller and the workspace's billing details", async () => {
    const invoices = (await get('admin', `${B()}/invoices`)).json().data as {
      transactionId: string;
      amount: number;
      status: string;
      downloadUrl: string | null;
    }[];
    const paid = invoices.find((i) => i.status === 'paid' && i.amount === 312.05)!;
    const row = await server.db
      .selectFrom('billing_invoices')
      .select(['paid_at'])
      .where('id', '=', paid.transactionId)
      .executeTakeFirstOrThrow();
    const text = pdfTextLines((await server.app.inject({ method: 'GET', url: paid.downloadUrl! })).rawPayload);
    expect(text).toContain('Amount paid $312.05');
    expect(text).toContain(`Paid on: ${row.paid_at!.toISOString().slice(0, 10)}`);
    expect(text).toContain('Status: Paid');
    expect(text.join('\n')).not.toContain('Amount due');
    // The seller's block.
    for (const line of ['Questboard Ltd', '1 Quest Lane', 'London EC2A 4NE', 'support@questboard.io'])
      expect(text).toContain(line);
    // The workspace's billing details (docs/billing.md §Entities customer details), in order, under "Billed to".
    const billed = text.findIndex((line) => line.startsWith('Billed to'));
    expect(billed).toBeGreaterThanOrEqual(0);
    const after = text.slice(billed).join('\n');
    expect(after).toMatch(
      /Demo Studio Ltd[\s\S]*Workspace: Demo Studio[\s\S]*12 Harbour Street[\s\S]*Unit 4[\s\S]*Bristol BS1 4RN[\s\S]*United Kingdom/,
    );

    // The open invoice still says what is due, with no paid date.
    const open = invoices.find((i) => i.status === 'open')!;
    const openText = pdfTextLines((await server.app.inject({ method: 'GET', url: open.downloadUrl! })).rawPayload);
    expect(openText).toContain(`Amount due $${open.amount.toFixed(2)}`);
    expect(openText.join('\n')).not.toMatch(/Amount paid|Paid on/);
  });

  test('a workspace without billing details is billed by its name only', async () => {
    const invoice = (await get('rival', `${B(RIVAL_WORKSPACE_ID)}/invoices`)).json().data[0];
    const text = pdfTextLines((await server.app.inject({ method: 'GET', url: invoice.downloadUrl })).rawPayload);
    const billed = text.findIndex((line) => line.startsWith('Billed to'));
    expect(text[billed + 1]).toMatch(/^Rival Games\b/);
    expect(text.join('\n')).not.toContain('Workspace: ');
    expect(text).toContain('Amount paid $44.00');
  });

  test('a changed signature, another invoice id or an old expiry is refused', async () => {
    const invoice = (await get('admin', `${B()}/invoices`)).json().data[1];
    const url = new URL(invoice.downloadUrl, 'http://x');
    const sig = url.searchParams.get('signature')!;
    url.searchParams.set('signature', sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A'));
    expect((await server.app.inject({ method: 'GET', url: url.pathname + url.search })).statusCode).toBe(403);
    const other = invoice.downloadUrl.replace(invoice.transactionId, 'in_rival_0001');
    expect((await server.app.inject({ method: 'GET', url: other })).statusCode).toBe(403);
    const old = new URL(invoice.downloadUrl, 'http://x');
    old.searchParams.set('expires', '1000');
    expect((await server.app.inject({ method: 'GET', url: old.pathname + old.search })).statusCode).toBe(403);
  });
});

describe('payment methods', () => {
  test('set default moves the badge; deleting the default promotes the oldest other method', async () => {
    const res = await send('admin', 'POST', `${B()}/payment-methods/pm_demo_mastercard/default`);
    expect(res.statusCode).toBe(200);
    let methods = (await get('admin', `${B()}/payment-methods`)).json().data;
    expect(methods.filter((m: { isDefault: boolean }) => m.isDefault).map((m: { id: string }) => m.id)).toEqual([
      'pm_demo_mastercard',
    ]);
    expect((await send('admin', 'DELETE', `${B()}/payment-methods/pm_demo_mastercard`)).statusCode).toBe(200);
    methods = (await get('admin', `${B()}/payment-methods`)).json().data;
    expect(methods.map((m: { id: string; isDefault: boolean }) => [m.id, m.isDefault])).toEqual([
      ['pm_demo_visa', true],
      ['pm_demo_invoice', false],
    ]);
    expect((await send('admin', 'POST', `${B()}/payment-methods/pm_unknown/default`)).statusCode).toBe(404);
  });

  test('the only method cannot be deleted while charges are pending: the list says so up front, the delete says why', async () => {
    const deletable = async () =>
      ((await get('admin', `${B()}/payment-methods`)).json().data as Array<{ id: string; deletable: boolean }>).map(
        (m) => [m.id, m.deletable],
      );
    expect(await deletable()).toEqual([
      ['pm_demo_visa', true],
      ['pm_demo_invoice', true],
    ]);
    expect((await send('admin', 'DELETE', `${B()}/payment-methods/pm_demo_invoice`)).statusCode).toBe(200);
    expect(await deletable(), 'the only method, with charges pending').toEqual([['pm_demo_visa', false]]);
    const res = await send('admin', 'DELETE', `${B()}/payment-methods/pm_demo_visa`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'payment_method_required',
      message:
        'This is your only payment method and charges are still pending. Add another payment method before deleting this one.',
    });
    expect((await get('admin', `${B()}/payment-methods`)).json().data).toHaveLength(1);
  });
});

describe('sandbox hosted setup', () => {
  async function start() {
    const res = await send('admin', 'POST', `${B()}/payment-methods/setup`);
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/sandbox\/payments\/setup\/[\w-]+$/);
    return url as string;
  }

  test('the page is labelled Sandbox, served with the strict CSP, and has a labelled form', async () => {
    const url = await start();
    const page = await server.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('Sandbox');
    expect(page.body).toContain('<label for="number">Card number</label>');
    expect(page.body).toContain('Demo Studio');
  });

  test('bad number, expired card and the declined test card go back to the page with the reason', async () => {
    const url = await start();
    const card = { name: 'Ada Admin', number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
    const cases: [Record<string, string>, string, string][] = [
      [{ ...card, number: '4242 4242 4242 4241' }, 'number', 'Your card number is invalid.'],
      [{ ...card, expiry: '01/20' }, 'expired', 'Your card has expired.'],
      [{ ...card, expiry: '13/30' }, 'expiry', 'Your card&#39;s expiration date is invalid.'],
      [{ ...card, number: '4000 0000 0000 0002' }, 'declined', 'Your card was declined.'],
      [{ ...card, number: '4111 1111 1111 1111' }, 'unknown', 'This sandbox only accepts Stripe test card numbers'],
    ];
    for (const [fields, error, words] of cases) {
      const res = await form(url, fields);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`${url}?error=${error}`);
      expect((await server.app.inject({ method: 'GET', url: res.headers.location as string })).body).toContain(words);
    }
    expect((await get('admin', `${B()}/payment-methods`)).json().data).toHaveLength(1);
  });

  test('a good test card is saved and the browser goes back to billing?success=true; the page then is closed', async () => {
    const url = await start();
    const res = await form(url, { name: 'Ada Admin', number: '5555 5555 5555 4444', expiry: '12/40', cvc: '123' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/workspace/${DEMO_WORKSPACE_ID}/billing?success=true`);
    const methods = (await get('admin', `${B()}/payment-methods`)).json().data;
    expect(methods.map((m: { card: { last4: string } | null }) => m.card?.last4)).toEqual(['4242', '4444']);
    const again = await form(url, { name: 'Ada Admin', number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' });
    expect(again.headers.location).toBe(url);
    expect((await server.app.inject({ method: 'GET', url })).body).toContain(
      'This setup page has expired or was already used.',
    );
    expect((await get('admin', `${B()}/payment-methods`)).json().data).toHaveLength(2);
  });

  test('an unknown session shows the closed page; a JSON body that is not the form is a 400', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/sandbox/payments/setup/unknown' })).body).toContain(
      'This setup page has expired',
    );
    expect(
      (await server.app.inject({ method: 'POST', url: '/sandbox/payments/setup/unknown', payload: { number: 1 } }))
        .statusCode,
    ).toBe(400);
  });

  test('the Stripe webhook does not exist while the sandbox is the provider', async () => {
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/billing/stripe/webhook', payload: { id: 'evt_1' } }))
        .statusCode,
    ).toBe(404);
  });
});
