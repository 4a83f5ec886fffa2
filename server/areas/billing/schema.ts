/** Kysely table types of the billing area (server/areas/billing/migrations.ts). Money in integer cents. */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface BillingAccountsTable {
  workspace_id: string;
  threshold_cents: number | null;
  current_period_end: Timestamp;
  provider_customer_id: string | null;
  /** The workspace's billing details (docs/billing.md §Entities customer details): who invoices are made out to, and where. */
  customer_name: Defaulted<string | null>;
  customer_line1: Defaulted<string | null>;
  customer_line2: Defaulted<string | null>;
  customer_city: Defaulted<string | null>;
  customer_postal_code: Defaulted<string | null>;
  /** ISO 3166-1 alpha-2 country code. */
  customer_country: Defaulted<string | null>;
  created_at: CreatedAt;
}
export interface BillingPaymentMethodsTable {
  id: string;
  workspace_id: string;
  /** 'card' or 'manual_invoice'. */
  type: string;
  brand: string | null;
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
  is_default: boolean;
  provider: Defaulted<string>;
  provider_ref: string | null;
  created_at: CreatedAt;
}
export interface BillingInvoicesTable {
  id: string;
  workspace_id: string;
  issued_at: Timestamp;
  period_start: Timestamp;
  period_end: Timestamp;
  amount_cents: number;
  credits_applied_cents: number;
  status: string;
  payment_method_type: string | null;
  payment_method_last4: string | null;
  /** When a paid invoice was paid. */
  paid_at: Defaulted<Date | null>;
  created_at: CreatedAt;
}
export interface BillingChargesTable {
  id: string;
  workspace_id: string;
  amount_cents: number;
  description: string;
  source: string | null;
  /** Null while pending; the invoice that settled it otherwise. */
  invoice_id: string | null;
  created_at: CreatedAt;
}
export interface BillingPromoCodesTable {
  code: string;
  description: string;
  amount_cents: number;
  currency: Defaulted<string>;
  expires_at: Timestamp | null;
  /** How long the credit a redemption grants stays usable. */
  credit_days: number;
  created_at: CreatedAt;
}
export interface BillingCreditsTable {
  id: string;
  workspace_id: string;
  description: string;
  amount_cents: number;
  remaining_cents: number;
  currency: Defaulted<string>;
  promo_code: string | null;
  expires_at: Timestamp | null;
  created_at: CreatedAt;
}
export interface BillingPromoRedemptionsTable {
  code: string;
  workspace_id: string;
  credit_id: string;
  redeemed_by: string | null;
  redeemed_at: CreatedAt;
}
export interface BillingRedeemAttemptsTable {
  id: Generated<number>;
  workspace_id: string;
  account_id: string;
  at: CreatedAt;
}
export interface BillingSetupSessionsTable {
  id: string;
  workspace_id: string;
  account_id: string | null;
  provider: string;
  provider_ref: string | null;
  status: Defaulted<'open' | 'completed' | 'expired'>;
  payment_method_id: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  completed_at: Timestamp | null;
}
export interface BillingWebhookEventsTable {
  id: string;
  type: string;
  received_at: CreatedAt;
}
export interface BillingUrlKeysTable {
  id: string;
  secret: string;
  created_at: CreatedAt;
}

/** A workspace whose runway fell below the alert's days, and since when (announced once per fall). */
export interface BillingRunwayAlertsTable {
  workspace_id: string;
  low_since: Timestamp;
}
export interface BillingTables {
  billing_accounts: BillingAccountsTable;
  billing_payment_methods: BillingPaymentMethodsTable;
  billing_invoices: BillingInvoicesTable;
  billing_charges: BillingChargesTable;
  billing_promo_codes: BillingPromoCodesTable;
  billing_credits: BillingCreditsTable;
  billing_promo_redemptions: BillingPromoRedemptionsTable;
  billing_redeem_attempts: BillingRedeemAttemptsTable;
  billing_setup_sessions: BillingSetupSessionsTable;
  billing_webhook_events: BillingWebhookEventsTable;
  billing_url_keys: BillingUrlKeysTable;
  billing_runway_alerts: BillingRunwayAlertsTable;
}
