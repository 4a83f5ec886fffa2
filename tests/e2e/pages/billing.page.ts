/**
 * Billing helpers for specs that need payment methods of their own: a card added to a (throwaway) workspace through
 * the API and the sandbox hosted payment page our server serves (POST …/payment-methods/setup, then the page's form).
 */
import { expect, type APIRequestContext } from '@playwright/test';

export const billingPath = (workspaceId: string, tab = '') =>
  `/workspace/${workspaceId}/billing${tab ? `/${tab}` : ''}`;

/** Adds a card through the sandbox hosted page (as the form would post it). */
export async function cardByApi(
  request: APIRequestContext,
  token: string,
  workspaceId: string,
  card: { number: string; cvc: string },
) {
  const res = await request.post(`/api/workspace/${workspaceId}/billing/payment-methods/setup`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), 'payment method setup').toBe(200);
  const { url } = (await res.json()) as { url: string };
  const saved = await request.post(url, {
    form: { name: 'Path Payer', number: card.number, expiry: '12/39', cvc: card.cvc },
    maxRedirects: 0,
  });
  expect(saved.status(), 'the sandbox page took the card').toBe(303);
  expect(saved.headers()['location']).toContain('success=true');
}
