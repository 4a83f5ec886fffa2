/**
 * The Stripe payments adapter (server/providers/payments/stripe.ts) behind the billing routes, with no network: the
 * official `stripe` library talks to recorded responses of Stripe's documented shapes (tests/fixtures/stripe) through
 * its own fetch client, and webhooks are signed with the library's `stripe.webhooks.generateTestHeaderString`.
 * Checks: a setup-mode Checkout Session for a customer made once per workspace, idempotency keys on every write,
 * the verified `checkout.session.completed` webhook saving the card once (retries ignored), a bad signature refused,
 * set default and delete reaching Stripe, and a Stripe failure answered as 503 with nothing changed here.
 */
import fs from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import { stripePayments } from '../../server/providers/payments/stripe';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';

const fixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../fixtures/stripe', `${name}.json`), 'utf8');
const WEBHOOK_SECRET = 'whsec_test_questboard_0123456789abcdef';

interface Recorded {
  method: string;
  path: string;
  idempotencyKey: string | null;
  body: URLSearchParams;
}
const recorded: Recorded[] = [];
let failNext: string | null = null;
let sessionsMade = 0;

/** Stripe's API as recorded: method + path → a fixture. */
const ROUTES: [string, RegExp, string][] = [
  ['POST', /^\/v1\/customers$/, 'customer'],
  ['POST', /^\/v1\/checkout\/sessions$/, 'checkout-session-setup'],
  ['GET', /^\/v1\/setup_intents\/seti_[\w]+$/, 'setup-intent-succeeded'],
  ['POST', /^\/v1\/customers\/cus_[\w]+$/, 'customer'],
  ['POST', /^\/v1\/payment_methods\/pm_[\w]+\/detach$/, 'payment-method-detached'],
];
const fakeFetch: typeof fetch = async (input, init) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const headers = new Headers(init?.headers as HeadersInit);
  const method = (init?.method ?? 'GET').toUpperCase();
  recorded.push({
    method,
    path: url.pathname + url.search,
    idempotencyKey: headers.get('idempotency-key'),
    body: new URLSearchParams(String((init?.body as string | null | undefined) ?? '')),
  });
  if (failNext && url.pathname.startsWith(failNext)) {
    failNext = null;
    return new Response(fixture('error-resource-missing'), {
      status: 404,
      headers: { 'content-type': 'application/json', 'request-id': 'req_test' },
    });
  }
  const route = ROUTES.find(([m, p]) => m === method && p.test(url.pathname));
  if (!route)
    return new Response(
      JSON.stringify({
        error: { type: 'invalid_request_error', message: `Unrecorded ${method} ${url.pathname}` },
      } satisfies { error: Stripe.StripeRawError }),
      { status: 404 },
    );
  // Stripe makes a new session id per session: the first is the recorded one (the webhook fixture names it).
  let body = fixture(route[2]);
  if (route[2] === 'checkout-session-setup' && sessionsMade++ > 0)
    body = body.replaceAll('cs_test_c1QbWm8', `cs_test_c${sessionsMade}QbWm8`);
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json', 'request-id': 'req_test' } });
};

let server: TestServer;
let admin: string;
const B = `/api/workspace/${DEMO_WORKSPACE_ID}/billing`;

beforeAll(async () => {
  const payments = stripePayments({
    secretKey: 'sk_test_questboard',
    webhookSecret: WEBHOOK_SECRET,
    httpClient: Stripe.createFetchHttpClient(fakeFetch),
  });
  server = await createTestServer({ providers: { payments } });
  admin = await signInAs(server.app, DEMO_ACCOUNTS.admin);
});
afterAll(() => server?.close());

const signed = (payload: string, secret = WEBHOOK_SECRET) =>
  new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret });
const deliver = (payload: string, signature: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/billing/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
const methods = async () =>
  (await server.app.inject({ method: 'GET', url: `${B}/payment-methods`, headers: bearer(admin) })).json();

describe('Stripe adapter', () => {
  test('Add payment method: a customer once per workspace, then a setup-mode Checkout Session, each with an idempotency key', async () => {
    const res = await server.app.inject({ method: 'POST', url: `${B}/payment-methods/setup`, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const [customer, session] = recorded;
    expect(customer).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      idempotencyKey: `questboard-customer-${DEMO_WORKSPACE_ID}`,
    });
    expect(customer!.body.get('metadata[workspaceId]')).toBe(DEMO_WORKSPACE_ID);
    expect(session).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(session!.idempotencyKey).toMatch(/^questboard-setup-[\w-]{43}$/);
    expect(session!.body.get('mode')).toBe('setup');
    expect(session!.body.get('customer')).toBe('cus_RqT9xYkLm2NbVc');
    expect(session!.body.get('success_url')).toBe(
      `http://127.0.0.1:8080/workspace/${DEMO_WORKSPACE_ID}/billing?success=true`,
    );

    // The customer is kept: a second setup makes no second customer.
    recorded.length = 0;
    expect(
      (await server.app.inject({ method: 'POST', url: `${B}/payment-methods/setup`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(200);
    expect(recorded.map((r) => r.path)).toEqual(['/v1/checkout/sessions']);
  });

  test('a webhook with a bad signature is refused and saves nothing', async () => {
    const before = (await methods()).data.length;
    const payload = fixture('event-checkout-session-completed');
    expect((await deliver(payload, signed(payload, 'whsec_wrong'))).statusCode).toBe(400);
    expect((await deliver(payload, 't=1,v1=deadbeef')).statusCode).toBe(400);
    expect((await deliver(payload.replace('"setup"', '"payment"'), signed(payload))).statusCode).toBe(400);
    expect((await methods()).data.length).toBe(before);
  });

  test('the verified checkout.session.completed webhook saves the card once; a redelivery changes nothing', async () => {
    const before = (await methods()).data.length;
    const payload = fixture('event-checkout-session-completed');
    recorded.length = 0;
    const res = await deliver(payload, signed(payload));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(recorded.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/setup_intents/seti_1QbWm9Ff0pGz3dS7aBcDeFgH?expand[0]=payment_method',
    ]);
    const after = (await methods()).data;
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)).toMatchObject({
      type: 'card',
      isDefault: false,
      card: { brand: 'mastercard', last4: '4444', expMonth: 11, expYear: 2031 },
    });
    expect((await deliver(payload, signed(payload))).statusCode).toBe(200);
    expect((await methods()).data.length).toBe(before + 1);
  });

  test('set default and delete reach Stripe with idempotency keys', async () => {
    const card = (await methods()).data.at(-1);
    recorded.length = 0;
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: `${B}/payment-methods/${card.id}/default`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(200);
    expect(recorded[0]).toMatchObject({
      method: 'POST',
      path: '/v1/customers/cus_RqT9xYkLm2NbVc',
      idempotencyKey: `questboard-default-${card.id}`,
    });
    expect(recorded[0]!.body.get('invoice_settings[default_payment_method]')).toBe('pm_1QbWmAFf0pGz3dS7ZxCvBnMq');
    recorded.length = 0;
    expect(
      (await server.app.inject({ method: 'DELETE', url: `${B}/payment-methods/${card.id}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(200);
    expect(recorded[0]).toMatchObject({
      method: 'POST',
      path: '/v1/payment_methods/pm_1QbWmAFf0pGz3dS7ZxCvBnMq/detach',
      idempotencyKey: `questboard-detach-${card.id}`,
    });
  });

  test("Stripe refusing answers 503 in our words, never Stripe's", async () => {
    failNext = '/v1/checkout/sessions';
    const res = await server.app.inject({ method: 'POST', url: `${B}/payment-methods/setup`, headers: bearer(admin) });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('The payments provider did not answer. Please try again later.');
    expect(res.body).not.toContain('cus_gone');
  });

  test('a verified event whose Stripe call fails answers 503 with the cause logged (Stripe retries); the retry saves the card', async () => {
    // The second setup session of the first test, completed by an event not delivered before.
    const payload = fixture('event-checkout-session-completed')
      .replaceAll('cs_test_c1QbWm8', 'cs_test_c2QbWm8')
      .replace('evt_1QbWmBFf0pGz3dS7LkJhGfDs', 'evt_1QbWmBFf0pGz3dS7Retry001');
    const before = (await methods()).data.length;
    const logged: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => void logged.push(String(line)));
    try {
      failNext = '/v1/setup_intents';
      const res = await deliver(payload, signed(payload));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'webhook_processing_failed' });
      expect(res.body).not.toContain('signature');
    } finally {
      spy.mockRestore();
    }
    expect(
      logged.some(
        (line) =>
          line.includes('evt_1QbWmBFf0pGz3dS7Retry001') &&
          line.includes('checkout.session.completed') &&
          line.includes('No such'),
      ),
    ).toBe(true);
    expect((await methods()).data.length).toBe(before);
    // Stripe delivers it again: now it is handled.
    expect((await deliver(payload, signed(payload))).statusCode).toBe(200);
    expect((await methods()).data.length).toBe(before + 1);
  });

  test('methods the sandbox made (no Stripe id) change locally without calling Stripe', async () => {
    recorded.length = 0;
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: `${B}/payment-methods/pm_demo_mastercard/default`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(200);
    expect(recorded).toEqual([]);
  });
});
