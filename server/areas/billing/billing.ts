/**
 * Billing (docs/billing.md §Screens and routes billing tabs, §Entities Billing entities, §Invoice and credit states statuses, §Rules and limits promo code, §Rules and limits threshold and balance): the
 * workspace's balance (credits − pending charges), payment methods, invoices, credit transactions, promo codes and
 * the hosted "add a payment method" flow through the payments provider (ctx.providers.payments). Admin only (routes).
 *
 * Money is integer cents in the database; the contract's dollars (prices) are made only at this boundary.
 * Credits are used soonest-expiry first (creditUseOrder); a charge is pending until an invoice settles it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { inTransaction, type ServerContext } from '../../context';
import { changesOf } from '../../../src/contracts/domain-events';
import { newToken } from '../../auth/crypto';
import { urlOf } from '../../../src/contracts/endpoint';
import {
  billingEndpoints,
  creditUseOrder,
  runwayDays,
  formatDollars,
  LOW_BALANCE_DAYS,
  PACE_DAYS,
  PROMO_REDEEMED,
  PROMO_UNKNOWN,
  PROMO_EXPIRED,
  PROMO_USED,
  PROMO_RATE_LIMITED,
  LAST_DEFAULT_PENDING,
  methodStillNeeded,
  PAYMENT_METHOD_REQUIRED,
  type Balance,
  type CreditTransaction,
  type Invoice,
  type PaymentMethod,
  type Runway,
  type Subscription,
} from '../../../src/contracts/billing';
import { conflict, DomainError, forbidden, gone, notFound, rateLimited, unavailable } from '../../errors';
import { emit } from '../../events/outbox';
import type { DomainEvent } from '../../../src/contracts/domain-events';
import type { PaymentFailure } from '../../providers/payments/provider';

const DAY_MS = 24 * 60 * 60 * 1000;
const seconds = (date: Date | string) => Math.floor(new Date(date).getTime() / 1000);
const dollars = (cents: number) => cents / 100;

/** Failed promo attempts allowed per workspace in the window (then 429). */
export const REDEEM_LIMIT = { attempts: 10, windowMinutes: 15 };
/** How long a hosted setup page stays usable. */
export const SETUP_SESSION_MINUTES = 60;
/** How long a signed invoice download url works. */
export const INVOICE_URL_TTL_SECONDS = 60 * 60;
/** Statuses whose invoice has no document yet (its download button is disabled). */
const NO_DOCUMENT = new Set(['draft', 'void']);

// ------------------------------------------------------------------------------------------------ charges

/** A pending charge to record: its id is the idempotency key (recording the same id again changes nothing). */
export interface NewCharge {
  id: string;
  workspaceId: string;
  amountCents: number;
  source: string;
  description: string;
  createdAt: Date;
}

/**
 * Records a pending charge on the workspace's bill once, and announces it (`charge.recorded`). The only way another
 * area's work becomes a charge: Billing's own table is written here, never by them. True when it was new.
 */
export async function recordCharge(ctx: ServerContext, charge: NewCharge): Promise<boolean> {
  const run = async (tx: ServerContext) => {
    const inserted = await tx.db
      .insertInto('billing_charges')
      .values({
        id: charge.id,
        workspace_id: charge.workspaceId,
        amount_cents: charge.amountCents,
        source: charge.source,
        description: charge.description,
        created_at: charge.createdAt,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    await emit(tx, 'charge.recorded', {
      workspaceId: charge.workspaceId,
      chargeId: charge.id,
      amountCents: charge.amountCents,
      source: charge.source,
      description: charge.description,
    });
    return true;
  };
  return ctx.db.isTransaction ? run(ctx) : inTransaction(ctx, run);
}

/** Billing's reaction to `quest.step_completed` (after commit, server/areas.ts): a step within the cap is charged. */
export async function chargeQuestStep(ctx: ServerContext, event: DomainEvent<'quest.step_completed'>): Promise<void> {
  const step = event.payload;
  if (!step.chargeId) return;
  await recordCharge(ctx, {
    id: step.chargeId,
    workspaceId: step.workspaceId,
    amountCents: step.payoutCents,
    source: 'quest',
    description: `${step.questName}: step ${step.stepIndex + 1} (${step.eventName}) completed`,
    createdAt: new Date(step.completedAt),
  });
}

// ------------------------------------------------------------------------------------------------ account

/** The workspace's billing account, created on first use (period ends at the end of the current UTC month). */
async function billingAccount(ctx: ServerContext, workspaceId: string) {
  const read = () =>
    ctx.db.selectFrom('billing_accounts').selectAll().where('workspace_id', '=', workspaceId).executeTakeFirst();
  const found = await read();
  if (found) return found;
  const now = ctx.now();
  const periodEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  await ctx.db
    .insertInto('billing_accounts')
    .values({ workspace_id: workspaceId, threshold_cents: null, current_period_end: periodEnd })
    .onConflict((oc) => oc.column('workspace_id').doNothing())
    .execute();
  return (await read())!;
}

async function creditsCents(ctx: ServerContext, workspaceId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('billing_credits')
    .select(sql<string>`coalesce(sum(remaining_cents), 0)`.as('cents'))
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', ctx.now())]))
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

async function pendingCents(ctx: ServerContext, workspaceId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('billing_charges')
    .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('cents'))
    .where('workspace_id', '=', workspaceId)
    .where('invoice_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

export async function getBalance(ctx: ServerContext, workspaceId: string): Promise<Balance> {
  const [credits, pending] = await Promise.all([creditsCents(ctx, workspaceId), pendingCents(ctx, workspaceId)]);
  return { credits, pendingCharges: dollars(pending) };
}

export async function getSubscription(ctx: ServerContext, workspaceId: string): Promise<Subscription> {
  const account = await billingAccount(ctx, workspaceId);
  return {
    currentPeriodEnd: seconds(account.current_period_end),
    billingThresholds: account.threshold_cents === null ? null : { amountGte: dollars(account.threshold_cents) },
  };
}

/** Spending pace over the last PACE_DAYS days of charges, the runway at that pace, and the credits in use order. */
export async function getRunway(ctx: ServerContext, workspaceId: string): Promise<Runway> {
  const now = ctx.now();
  const since = new Date(now.getTime() - PACE_DAYS * DAY_MS);
  const [spent, credits, pending, usable] = await Promise.all([
    ctx.db
      .selectFrom('billing_charges')
      .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('cents'))
      .where('workspace_id', '=', workspaceId)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow(),
    creditsCents(ctx, workspaceId),
    pendingCents(ctx, workspaceId),
    ctx.db
      .selectFrom('billing_credits')
      .select(['id', 'description', 'remaining_cents', 'currency', 'expires_at', 'created_at'])
      .where('workspace_id', '=', workspaceId)
      .where('remaining_cents', '>', 0)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .execute(),
  ]);
  const dailyCents = Number(spent.cents) / PACE_DAYS;
  const days = runwayDays(credits - pending, dailyCents);
  const ordered = creditUseOrder(
    usable.map((c) => ({
      ...c,
      created: seconds(c.created_at),
      expiresAt: c.expires_at ? seconds(c.expires_at) : null,
    })),
  );
  return {
    dailySpend: Math.round(dailyCents) / 100,
    paceDays: PACE_DAYS,
    runwayDays: days,
    lowBalance: days !== null && days < LOW_BALANCE_DAYS,
    credits: ordered.map((c, i) => ({
      id: c.id,
      description: c.description,
      remaining: c.remaining_cents,
      currency: c.currency,
      expiresAt: c.expiresAt,
      order: i + 1,
    })),
  };
}

// ------------------------------------------------------------------------------------------------ payment methods

export async function listPaymentMethods(ctx: ServerContext, workspaceId: string): Promise<PaymentMethod[]> {
  const [rows, pending] = await Promise.all([
    ctx.db
      .selectFrom('billing_payment_methods')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .orderBy('is_default', 'desc')
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    pendingCents(ctx, workspaceId),
  ]);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    isDefault: row.is_default,
    manualInvoice: row.type === 'manual_invoice',
    deletable: !methodStillNeeded({ isDefault: row.is_default }, rows.length - 1, pending),
    card:
      row.type === 'card' && row.last4
        ? { brand: row.brand ?? 'card', last4: row.last4, expMonth: row.exp_month ?? 0, expYear: row.exp_year ?? 0 }
        : null,
  }));
}

async function methodOf(ctx: ServerContext, workspaceId: string, id: string) {
  const row = await ctx.db
    .selectFrom('billing_payment_methods')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Payment method');
  return row;
}

/** A payment method in words for the activity log: "visa •••• 4242" (never more of the number than the last four). */
const methodDescription = (row: { type: string; brand: string | null; last4: string | null }) =>
  row.type === 'card' ? `${row.brand ?? 'card'} •••• ${row.last4 ?? '????'}` : row.type.replace(/_/g, ' ');

export async function setDefaultPaymentMethod(ctx: ServerContext, workspaceId: string, id: string): Promise<void> {
  const account = await billingAccount(ctx, workspaceId);
  await inTransaction(ctx, async (tx) => {
    const row = await methodOf(tx, workspaceId, id);
    if (row.is_default) return;
    // The provider first: when it refuses, nothing changes here either (the transaction rolls back).
    if (row.provider === tx.providers.payments.name) {
      await provided(() =>
        tx.providers.payments.setDefault(account.provider_customer_id, row.provider_ref, `default-${id}`),
      );
    }
    const previous = await tx.db
      .updateTable('billing_payment_methods')
      .set({ is_default: false })
      .where('workspace_id', '=', workspaceId)
      .where('is_default', '=', true)
      .returning(['type', 'brand', 'last4'])
      .executeTakeFirst();
    await tx.db.updateTable('billing_payment_methods').set({ is_default: true }).where('id', '=', id).execute();
    // The log names the cards as the list does (brand and last four), never their numbers.
    await emit(tx, 'payment_method.made_default', {
      workspaceId,
      paymentMethodId: id,
      description: methodDescription(row),
      changes: changesOf(
        { 'default method': previous ? methodDescription(previous) : null },
        { 'default method': methodDescription(row) },
      ),
    });
  });
}

/** A call to the payments provider: its failure is a 503 in our words (never the provider's internals). */
async function provided<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw unavailable('The payments provider did not answer. Please try again later.', 'payments_unavailable', error);
  }
}

/**
 * Deletes a method. The only method left cannot go while charges are pending (nothing could pay them); deleting the
 * default while others remain makes the oldest other one the default.
 */
export async function deletePaymentMethod(ctx: ServerContext, workspaceId: string, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const row = await methodOf(tx, workspaceId, id);
    const others = await tx.db
      .selectFrom('billing_payment_methods')
      .select(['id'])
      .where('workspace_id', '=', workspaceId)
      .where('id', '!=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    // Pending charges are only summed when they could matter (the default and only method).
    const pending = row.is_default && others.length === 0 ? await pendingCents(tx, workspaceId) : 0;
    if (methodStillNeeded({ isDefault: row.is_default }, others.length, pending)) {
      throw conflict(LAST_DEFAULT_PENDING, PAYMENT_METHOD_REQUIRED);
    }
    await tx.db.deleteFrom('billing_payment_methods').where('id', '=', id).execute();
    if (row.is_default && others[0]) {
      await tx.db
        .updateTable('billing_payment_methods')
        .set({ is_default: true })
        .where('id', '=', others[0].id)
        .execute();
    }
    await emit(tx, 'payment_method.removed', {
      workspaceId,
      paymentMethodId: id,
      description: methodDescription(row),
      changes: changesOf({ method: methodDescription(row), default: row.is_default }, null),
    });
    // Last, inside the transaction: a provider that refuses leaves the method in place.
    if (row.provider === tx.providers.payments.name)
      await provided(() => tx.providers.payments.detach(row.provider_ref, `detach-${id}`));
  });
}

// ------------------------------------------------------------------------------------------------ hosted setup

/** Starts the provider's hosted "add a payment method" page; answers where the browser goes. */
export async function startPaymentMethodSetup(
  ctx: ServerContext,
  workspaceId: string,
  accountId: string,
): Promise<string> {
  const account = await billingAccount(ctx, workspaceId);
  const workspace = await ctx.db
    .selectFrom('workspaces')
    .select('name')
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  const sessionId = newToken();
  const provider = ctx.providers.payments;
  await ctx.db
    .insertInto('billing_setup_sessions')
    .values({
      id: sessionId,
      workspace_id: workspaceId,
      account_id: accountId,
      provider: provider.name,
      expires_at: new Date(ctx.now().getTime() + SETUP_SESSION_MINUTES * 60_000),
    })
    .execute();
  const billingUrl = `${ctx.config.publicUrl}/workspace/${encodeURIComponent(workspaceId)}/billing`;
  const session = await provided(() =>
    provider.createSetupSession({
      sessionId,
      workspaceId,
      workspaceName: workspace.name,
      customerId: account.provider_customer_id,
      successUrl: `${billingUrl}?success=true`,
      cancelUrl: `${billingUrl}/payment-methods`,
    }),
  );
  await ctx.db
    .updateTable('billing_setup_sessions')
    .set({ provider_ref: session.providerRef })
    .where('id', '=', sessionId)
    .execute();
  if (session.customerId && session.customerId !== account.provider_customer_id) {
    await ctx.db
      .updateTable('billing_accounts')
      .set({ provider_customer_id: session.customerId })
      .where('workspace_id', '=', workspaceId)
      .execute();
  }
  return session.url;
}

/** An open setup session (not used, not expired) of a provider, or null. */
export async function openSetupSession(
  ctx: ServerContext,
  where: { id: string } | { providerRef: string },
  provider: string,
) {
  let query = ctx.db
    .selectFrom('billing_setup_sessions')
    .innerJoin('workspaces', 'workspaces.id', 'billing_setup_sessions.workspace_id')
    .select([
      'billing_setup_sessions.id',
      'billing_setup_sessions.workspace_id',
      'billing_setup_sessions.status',
      'billing_setup_sessions.expires_at',
      'workspaces.name',
    ])
    .where('billing_setup_sessions.provider', '=', provider);
  query =
    'id' in where
      ? query.where('billing_setup_sessions.id', '=', where.id)
      : query.where('billing_setup_sessions.provider_ref', '=', where.providerRef);
  const row = await query.executeTakeFirst();
  if (!row || row.status !== 'open' || row.expires_at.getTime() <= ctx.now().getTime()) return null;
  return { id: row.id, workspaceId: row.workspace_id, workspaceName: row.name };
}

/**
 * The hosted page saved a card: add it (the default when the workspace has none) and close the session, once.
 * Answers the workspace id, or null when the session is not open any more.
 */
export async function completePaymentMethodSetup(
  ctx: ServerContext,
  sessionId: string,
  provider: string,
  card: { providerRef: string | null; brand: string; last4: string; expMonth: number; expYear: number },
): Promise<string | null> {
  return inTransaction(ctx, async (tx) => {
    const session = await tx.db
      .selectFrom('billing_setup_sessions')
      .selectAll()
      .where('id', '=', sessionId)
      .where('provider', '=', provider)
      .forUpdate()
      .executeTakeFirst();
    if (!session || session.status !== 'open' || session.expires_at.getTime() <= tx.now().getTime()) return null;
    const hasDefault = await tx.db
      .selectFrom('billing_payment_methods')
      .select('id')
      .where('workspace_id', '=', session.workspace_id)
      .where('is_default', '=', true)
      .executeTakeFirst();
    const id = `pm_${newToken().slice(0, 24)}`;
    await tx.db
      .insertInto('billing_payment_methods')
      .values({
        id,
        workspace_id: session.workspace_id,
        type: 'card',
        brand: card.brand,
        last4: card.last4,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        is_default: !hasDefault,
        provider,
        provider_ref: card.providerRef,
      })
      .execute();
    await tx.db
      .updateTable('billing_setup_sessions')
      .set({ status: 'completed', completed_at: tx.now(), payment_method_id: id })
      .where('id', '=', sessionId)
      .execute();
    // Whoever opened the hosted page added the card (the page's callback or the provider's webhook only reports it).
    const description = methodDescription({ type: 'card', brand: card.brand, last4: card.last4 });
    await emit({ ...tx, actor: session.account_id }, 'payment_method.added', {
      workspaceId: session.workspace_id,
      paymentMethodId: id,
      description,
      changes: changesOf(null, {
        method: description,
        expires: `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`,
        default: !hasDefault,
      }),
    });
    return session.workspace_id;
  });
}

// ------------------------------------------------------------------------------------------------ promo codes

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/**
 * Redeems a promo code for the workspace: a credit transaction of the code's amount, expiring `credit_days` later.
 * Unknown, expired and already-used codes are refused with their own words; failed attempts count towards
 * REDEEM_LIMIT per workspace (then 429 until the window passes).
 */
export async function redeemPromoCode(
  ctx: ServerContext,
  workspaceId: string,
  accountId: string,
  rawCode: string,
): Promise<string> {
  const now = ctx.now();
  const windowStart = new Date(now.getTime() - REDEEM_LIMIT.windowMinutes * 60_000);
  const attempts = await ctx.db
    .selectFrom('billing_redeem_attempts')
    .select(sql<string>`count(*)`.as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('at', '>', windowStart)
    .executeTakeFirstOrThrow();
  if (Number(attempts.n) >= REDEEM_LIMIT.attempts) throw rateLimited(PROMO_RATE_LIMITED, 'promo_rate_limited');
  const refuse = async (error: Error) => {
    await ctx.db
      .insertInto('billing_redeem_attempts')
      .values({ workspace_id: workspaceId, account_id: accountId, at: now })
      .execute();
    return error;
  };

  const code = rawCode.trim().toUpperCase();
  const promo = await ctx.db.selectFrom('billing_promo_codes').selectAll().where('code', '=', code).executeTakeFirst();
  if (!promo) throw await refuse(new DomainError('not_found', PROMO_UNKNOWN, 'promo_unknown', ['code']));
  if (promo.expires_at && promo.expires_at.getTime() <= now.getTime())
    throw await refuse(gone(PROMO_EXPIRED, 'promo_expired'));
  const used = () => conflict(PROMO_USED, 'promo_used');
  const already = await ctx.db
    .selectFrom('billing_promo_redemptions')
    .select('code')
    .where('code', '=', code)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (already) throw await refuse(used());
  try {
    await inTransaction(ctx, async (tx) => {
      const creditId = `ct_${newToken().slice(0, 24)}`;
      await tx.db
        .insertInto('billing_credits')
        .values({
          id: creditId,
          workspace_id: workspaceId,
          description: `Promo code ${code}: ${promo.description}`,
          amount_cents: promo.amount_cents,
          remaining_cents: promo.amount_cents,
          currency: promo.currency,
          promo_code: code,
          expires_at: new Date(now.getTime() + promo.credit_days * DAY_MS),
          created_at: now,
        })
        .execute();
      // The primary key (code, workspace) refuses a second use, also when two redeems race.
      await tx.db
        .insertInto('billing_promo_redemptions')
        .values({ code, workspace_id: workspaceId, credit_id: creditId, redeemed_by: accountId, redeemed_at: now })
        .execute();
      await emit(tx, 'promo_code.redeemed', {
        workspaceId,
        creditId,
        code,
        changes: changesOf(null, {
          credit: formatDollars(dollars(promo.amount_cents)),
          expires: new Date(now.getTime() + promo.credit_days * DAY_MS).toISOString().slice(0, 10),
        }),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw await refuse(used());
    throw error;
  }
  return PROMO_REDEEMED(formatDollars(dollars(promo.amount_cents)));
}

// ------------------------------------------------------------------------------------------------ history

/** docs/billing.md §Invoice and credit states credit status: expired once past expiresAt, used up ('used', shown as other), else active. */
export async function listCreditTransactions(ctx: ServerContext, workspaceId: string): Promise<CreditTransaction[]> {
  const now = ctx.now().getTime();
  const rows = await ctx.db
    .selectFrom('billing_credits')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    created: seconds(row.created_at),
    description: row.description,
    amount: row.amount_cents,
    currency: row.currency,
    status:
      row.expires_at && row.expires_at.getTime() <= now ? 'expired' : row.remaining_cents === 0 ? 'used' : 'active',
    expiresAt: row.expires_at ? seconds(row.expires_at) : null,
  }));
}

export async function listInvoices(ctx: ServerContext, workspaceId: string): Promise<Invoice[]> {
  const rows = await ctx.db
    .selectFrom('billing_invoices')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('issued_at', 'desc')
    .orderBy('id')
    .execute();
  const key = await urlKey(ctx);
  return rows.map((row) => ({
    date: seconds(row.issued_at),
    transactionId: row.id,
    amount: dollars(row.amount_cents),
    status: row.status,
    paymentMethod: row.payment_method_type ? { type: row.payment_method_type, last4: row.payment_method_last4 } : null,
    downloadUrl: NO_DOCUMENT.has(row.status) ? null : signedInvoiceUrl(ctx, key, row.id),
  }));
}

// ------------------------------------------------------------------------------------------------ invoice documents

async function urlKey(ctx: ServerContext): Promise<Buffer> {
  const read = () =>
    ctx.db.selectFrom('billing_url_keys').select('secret').where('id', '=', 'invoice-url').executeTakeFirst();
  let row = await read();
  if (!row) {
    await ctx.db
      .insertInto('billing_url_keys')
      .values({ id: 'invoice-url', secret: randomBytes(32).toString('base64') })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    row = await read();
  }
  return Buffer.from(row!.secret, 'base64');
}

const invoiceSignature = (key: Buffer, invoiceId: string, expires: number) =>
  createHmac('sha256', key).update(`invoice-pdf:${invoiceId}:${expires}`).digest('base64url');

function signedInvoiceUrl(ctx: ServerContext, key: Buffer, invoiceId: string): string {
  const expires = seconds(ctx.now()) + INVOICE_URL_TTL_SECONDS;
  return urlOf(
    billingEndpoints.invoicePdf,
    { invoiceId },
    { expires: String(expires), signature: invoiceSignature(key, invoiceId, expires) },
  );
}

/** The invoice behind a signed url (no auth header: the signature is the credential), with its workspace's name and billing details. */
export async function signedInvoice(ctx: ServerContext, invoiceId: string, expires: string, signature: string) {
  const expiresAt = Number(expires);
  if (!/^\d{1,12}$/.test(expires) || expiresAt * 1000 < ctx.now().getTime()) {
    throw forbidden('This invoice link has expired. Open Payment History again.', 'invoice_link_expired');
  }
  const expected = Buffer.from(invoiceSignature(await urlKey(ctx), invoiceId, expiresAt));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw forbidden('This invoice link is not valid.', 'invoice_link_invalid');
  const row = await ctx.db
    .selectFrom('billing_invoices')
    .innerJoin('workspaces', 'workspaces.id', 'billing_invoices.workspace_id')
    .leftJoin('billing_accounts', 'billing_accounts.workspace_id', 'billing_invoices.workspace_id')
    .selectAll('billing_invoices')
    .select('workspaces.name as workspace_name')
    .select([
      'billing_accounts.customer_name',
      'billing_accounts.customer_line1',
      'billing_accounts.customer_line2',
      'billing_accounts.customer_city',
      'billing_accounts.customer_postal_code',
      'billing_accounts.customer_country',
    ])
    .where('billing_invoices.id', '=', invoiceId)
    .executeTakeFirst();
  if (!row || NO_DOCUMENT.has(row.status)) throw notFound('Invoice');
  const lines = await ctx.db
    .selectFrom('billing_charges')
    .select(['description', 'amount_cents', 'created_at'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('created_at')
    .execute();
  return { invoice: row, lines };
}

/** Whether a provider event was handled before. */
export async function webhookEventSeen(ctx: ServerContext, eventId: string): Promise<boolean> {
  return !!(await ctx.db
    .selectFrom('billing_webhook_events')
    .select('id')
    .where('id', '=', eventId)
    .executeTakeFirst());
}

/** Records a handled provider event (once: the primary key keeps the first). */
export async function recordWebhookEvent(ctx: ServerContext, eventId: string, type: string): Promise<void> {
  await ctx.db
    .insertInto('billing_webhook_events')
    .values({ id: eventId, type })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * The provider could not collect an invoice (Stripe's `invoice.payment_failed`): `payment.failed` for the workspace
 * whose customer it is (the notifications' alert to its admins). An unknown customer changes nothing.
 */
export async function recordPaymentFailure(ctx: ServerContext, failure: PaymentFailure): Promise<boolean> {
  const account = await ctx.db
    .selectFrom('billing_accounts')
    .select('workspace_id')
    .where('provider_customer_id', '=', failure.customerRef)
    .executeTakeFirst();
  if (!account) return false;
  await inTransaction(ctx, (tx) =>
    emit(tx, 'payment.failed', {
      workspaceId: account.workspace_id,
      invoiceRef: failure.invoiceRef,
      amountCents: failure.amountCents,
      currency: failure.currency,
      attempt: failure.attempt,
    }),
  );
  return true;
}
