/**
 * Billing area routes (contract: src/contracts/billing.ts; rules: server/areas/billing/billing.ts). Every workspace route
 * is admin only (docs/billing.md §Roles: viewers and editors get 403). Public ones carry their own credential: the signed invoice
 * url, the setup session id of the sandbox hosted page, the Stripe webhook signature.
 */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { rawBodyOf } from '../../http/raw-body';
import { billingEndpoints as api } from '../../../src/contracts/billing';
import {
  completePaymentMethodSetup,
  deletePaymentMethod,
  getBalance,
  getRunway,
  getSubscription,
  listCreditTransactions,
  listInvoices,
  listPaymentMethods,
  openSetupSession,
  redeemPromoCode,
  setDefaultPaymentMethod,
  signedInvoice,
  startPaymentMethodSetup,
  recordPaymentFailure,
  recordWebhookEvent,
  webhookEventSeen,
} from './billing';
import { invoicePdf } from './billing-pdf';
import { checkSandboxCard } from '../../providers/payments/sandbox';
import { isSandboxError, sandboxClosedPage, sandboxFormPage, SANDBOX_CSS } from '../../providers/payments/sandbox-page';
import { receivesWebhooks, WebhookSignatureError } from '../../providers/payments/provider';
import { invalid, notFound, unavailable } from '../../errors';
import { logLine } from '../../log';

const admin = access.workspace('admin');
const DENIED = 'Only administrators can manage billing.';
const html = (text: string) => ({
  contentType: 'text/html; charset=utf-8',
  bytes: new TextEncoder().encode(text),
  headers: { 'cache-control': 'no-store' },
});
const billingPath = (workspaceId: string) => `/workspace/${encodeURIComponent(workspaceId)}/billing`;
const redirect = (location: string) => ({
  contentType: 'text/plain; charset=utf-8',
  bytes: new Uint8Array(),
  headers: { location, 'cache-control': 'no-store' },
});

export const STRIPE_WEBHOOK_PATH = api.stripeWebhook.path;
/** The invoice PDF's own Content-Security-Policy (see the route). */
export const PDF_CSP =
  "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const billingRoutes = [
  defineRoute(api.balance, {
    access: admin,
    deniedMessage: DENIED,
    handler: async ({ params, ctx }) => ({ success: true, data: await getBalance(ctx, params.workspaceId) }),
  }),
  defineRoute(api.subscription, {
    access: admin,
    deniedMessage: DENIED,
    handler: async ({ params, ctx }) => ({ success: true, data: await getSubscription(ctx, params.workspaceId) }),
  }),
  defineRoute(api.runway, {
    access: admin,
    deniedMessage: DENIED,
    handler: async ({ params, ctx }) => ({ success: true, data: await getRunway(ctx, params.workspaceId) }),
  }),
  defineRoute(api.paymentMethods, {
    access: admin,
    deniedMessage: DENIED,
    handler: async ({ params, ctx }) => ({
      success: true,
      data: await listPaymentMethods(ctx, params.workspaceId),
      provider: ctx.providers.payments.name,
    }),
  }),
  defineRoute(api.setupPaymentMethod, {
    access: admin,
    deniedMessage: DENIED,
    handler: async ({ params, caller, ctx }) => ({
      success: true,
      url: await startPaymentMethodSetup(ctx, params.workspaceId, caller.accountId),
    }),
  }),
  defineRoute(api.setDefault, {
    access: admin,
    deniedMessage: DENIED,
    handler: async ({ params, ctx }) => {
      await setDefaultPaymentMethod(ctx, params.workspaceId, params.paymentMethodId);
      return { success: true, message: 'Default payment method updated.' };
    },
  }),
  defineRoute(api.deletePaymentMethod, {
    access: admin,
    deniedMessage: DENIED,
    handler: async ({ params, ctx }) => {
      await deletePaymentMethod(ctx, params.workspaceId, params.paymentMethodId);
      return { success: true, message: 'Payment method deleted.' };
    },
  }),
  defineRoute(api.redeem, {
    access: admin,
    deniedMessage: DENIED,
    handler: async ({ params, body, caller, ctx }) => ({
      success: true,
      message: await redeemPromoCode(ctx, params.workspaceId, caller.accountId, body.code),
    }),
  }),
  defineRoute(api.invoices, {
    access: admin,
    deniedMessage: DENIED,
    handler: async ({ params, ctx }) => ({ success: true, data: await listInvoices(ctx, params.workspaceId) }),
  }),
  defineRoute(api.creditTransactions, {
    access: admin,
    deniedMessage: DENIED,
    handler: async ({ params, ctx }) => ({
      success: true,
      data: await listCreditTransactions(ctx, params.workspaceId),
    }),
  }),
  defineRoute(api.invoicePdf, {
    access: access.public,
    handler: async ({ params, query, ctx }) => {
      const { invoice, lines } = await signedInvoice(ctx, params.invoiceId, query.expires, query.signature);
      const bytes = await invoicePdf({
        seller: ctx.config.invoiceSeller,
        id: invoice.id,
        workspaceName: invoice.workspace_name,
        issuedAt: invoice.issued_at,
        periodStart: invoice.period_start,
        customer: {
          name: invoice.customer_name,
          line1: invoice.customer_line1,
          line2: invoice.customer_line2,
          city: invoice.customer_city,
          postalCode: invoice.customer_postal_code,
          country: invoice.customer_country,
        },
        periodEnd: invoice.period_end,
        status: invoice.status,
        paidAt: invoice.paid_at,
        amountCents: invoice.amount_cents,
        creditsAppliedCents: invoice.credits_applied_cents,
        paymentMethod:
          invoice.payment_method_type === 'card' ? `Card ending in ${invoice.payment_method_last4 ?? '····'}` : null,
        lines: lines.map((l) => ({ description: l.description, amountCents: l.amount_cents, createdAt: l.created_at })),
      });
      return {
        contentType: 'application/pdf',
        bytes,
        headers: {
          'content-disposition': `inline; filename="questboard-invoice-${invoice.id}.pdf"`,
          'cache-control': 'private, no-store',
          // Chrome shows a PDF through an internal <embed> with inline styles (crbug.com/271452): the app's policy
          // (object-src 'none', style-src 'self') would blank it. This document runs nothing of ours.
          'content-security-policy': PDF_CSP,
        },
      };
    },
  }),
  defineRoute(api.sandboxStyles, {
    access: access.public,
    handler: async () => ({
      contentType: 'text/css; charset=utf-8',
      bytes: new TextEncoder().encode(SANDBOX_CSS),
      headers: { 'cache-control': 'public, max-age=3600' },
    }),
  }),
  defineRoute(api.sandboxPage, {
    access: access.public,
    handler: async ({ params, query, ctx }) => {
      const session = await openSetupSession(ctx, { id: params.sessionId }, 'sandbox');
      if (!session) return html(sandboxClosedPage('/workspace/home'));
      const error = isSandboxError(query.error) && query.error !== 'session' ? query.error : undefined;
      return html(
        sandboxFormPage({
          sessionId: session.id,
          workspaceName: session.workspaceName,
          cancelUrl: `${billingPath(session.workspaceId)}/payment-methods`,
          error,
        }),
      );
    },
  }),
  defineRoute(api.sandboxSubmit, {
    access: access.public,
    status: 303,
    handler: async ({ params, body, ctx }) => {
      const page = `/sandbox/payments/setup/${encodeURIComponent(params.sessionId)}`;
      const session = await openSetupSession(ctx, { id: params.sessionId }, 'sandbox');
      if (!session) return redirect(page);
      const check = checkSandboxCard(body, ctx.now());
      if (!check.ok) return redirect(`${page}?error=${check.error}`);
      const workspaceId = await completePaymentMethodSetup(ctx, session.id, 'sandbox', { providerRef: null, ...check });
      return redirect(workspaceId ? `${billingPath(workspaceId)}?success=true` : page);
    },
  }),
  defineRoute(api.stripeWebhook, {
    access: access.public,
    handler: async ({ req, ctx }) => {
      const provider = ctx.providers.payments;
      if (!receivesWebhooks(provider)) throw notFound('Webhook');
      const signature = req.headers['stripe-signature'];
      const raw = rawBodyOf(req);
      if (typeof signature !== 'string' || raw === undefined)
        throw invalid('Missing Stripe signature.', ['stripe-signature'], 'webhook_signature');
      // Only a signature that does not match is the sender's fault (400: Stripe does not retry it).
      let event;
      try {
        event = provider.verifyWebhook(raw, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError)
          throw invalid('The webhook signature does not match.', ['stripe-signature'], 'webhook_signature');
        throw error;
      }
      // Each event once: Stripe retries deliveries. It is recorded after it was handled, so a failure is retried;
      // handling twice is harmless too (a completed setup session saves no second card).
      if (await webhookEventSeen(ctx, event.eventId)) return { received: true };
      try {
        const outcome = await event.outcome();
        if (outcome.setupCompleted) {
          const session = await openSetupSession(ctx, { providerRef: outcome.setupCompleted.sessionRef }, 'stripe');
          if (session) await completePaymentMethodSetup(ctx, session.id, 'stripe', outcome.setupCompleted.card);
        }
        if (outcome.paymentFailed) await recordPaymentFailure(ctx, outcome.paymentFailed);
      } catch (cause) {
        // A verified event we could not handle: 503 so that Stripe delivers it again, and the real cause in the log.
        console.error(
          logLine('billing', {
            webhook: event.eventId,
            type: event.type,
            failed: cause instanceof Error ? cause.message : String(cause),
          }),
        );
        throw unavailable(
          'The webhook event could not be processed now. It will be handled when Stripe delivers it again.',
          'webhook_processing_failed',
        );
      }
      await recordWebhookEvent(ctx, event.eventId, event.type);
      return { received: true };
    },
  }),
];
