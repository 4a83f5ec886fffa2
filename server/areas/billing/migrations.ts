/**
 * App-database tables of the billing area (docs/billing.md §Entities Billing; money in integer cents everywhere):
 *  - billing_accounts: one row per workspace with a billing profile (threshold, current period, provider customer);
 *  - billing_payment_methods: cards and the manual-invoice method; at most one default per workspace (unique index);
 *  - billing_charges: what the workspace owes; pending while `invoice_id` is null (quest step completions insert here);
 *  - billing_invoices: settled periods (their PDF is generated on demand from the row);
 *  - billing_credits: credit transactions (promo codes, goodwill), each with what is left of it;
 *  - billing_promo_codes / billing_promo_redemptions: codes as rows, one use per workspace (primary key);
 *  - billing_redeem_attempts: failed redeem attempts, for the rate limit;
 *  - billing_setup_sessions: a hosted "add a payment method" page in progress (sandbox or Stripe);
 *  - billing_webhook_events: provider events already handled (idempotent webhooks);
 *  - billing_url_keys: the random key that signs invoice download urls.
 * 0551 adds what an invoice document needs: the date an invoice was paid, and the workspace's billing details (docs/billing.md §Entities
 * customer details: the name and postal address invoices are made out to) on billing_accounts.
 */
import { sqlMigrations } from '../../db/migrations';

export const billingMigrations = sqlMigrations({
  '0310_billing': `
        CREATE TABLE billing_accounts (
          workspace_id text PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
          threshold_cents integer,
          current_period_end timestamptz NOT NULL,
          provider_customer_id text,
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE billing_payment_methods (
          id text PRIMARY KEY,
          workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
          type text NOT NULL,
          brand text,
          last4 text,
          exp_month integer,
          exp_year integer,
          is_default boolean NOT NULL DEFAULT false,
          provider text NOT NULL DEFAULT 'sandbox',
          provider_ref text,
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX billing_payment_methods_workspace ON billing_payment_methods (workspace_id, created_at);
        CREATE UNIQUE INDEX billing_payment_methods_one_default ON billing_payment_methods (workspace_id) WHERE is_default;
        CREATE TABLE billing_invoices (
          id text PRIMARY KEY,
          workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
          issued_at timestamptz NOT NULL,
          period_start timestamptz NOT NULL,
          period_end timestamptz NOT NULL,
          amount_cents integer NOT NULL,
          credits_applied_cents integer NOT NULL DEFAULT 0,
          status text NOT NULL,
          payment_method_type text,
          payment_method_last4 text,
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX billing_invoices_workspace ON billing_invoices (workspace_id, issued_at DESC);
        CREATE TABLE billing_charges (
          id text PRIMARY KEY,
          workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
          amount_cents integer NOT NULL CHECK (amount_cents >= 0),
          description text NOT NULL,
          source text,
          invoice_id text REFERENCES billing_invoices(id) ON DELETE SET NULL,
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX billing_charges_pending ON billing_charges (workspace_id, created_at) WHERE invoice_id IS NULL;
        CREATE TABLE billing_promo_codes (
          code text PRIMARY KEY,
          description text NOT NULL,
          amount_cents integer NOT NULL CHECK (amount_cents > 0),
          currency text NOT NULL DEFAULT 'usd',
          expires_at timestamptz,
          credit_days integer NOT NULL DEFAULT 90,
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE billing_credits (
          id text PRIMARY KEY,
          workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
          description text NOT NULL,
          amount_cents integer NOT NULL,
          remaining_cents integer NOT NULL,
          currency text NOT NULL DEFAULT 'usd',
          promo_code text REFERENCES billing_promo_codes(code),
          expires_at timestamptz,
          created_at timestamptz NOT NULL DEFAULT now(),
          CHECK (remaining_cents >= 0 AND remaining_cents <= amount_cents)
        );
        CREATE INDEX billing_credits_workspace ON billing_credits (workspace_id, created_at DESC);
        CREATE TABLE billing_promo_redemptions (
          code text NOT NULL REFERENCES billing_promo_codes(code),
          workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
          credit_id text NOT NULL REFERENCES billing_credits(id) ON DELETE CASCADE,
          redeemed_by text REFERENCES accounts(id) ON DELETE SET NULL,
          redeemed_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (code, workspace_id)
        );
        CREATE TABLE billing_redeem_attempts (
          id serial PRIMARY KEY,
          workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
          account_id text NOT NULL,
          at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX billing_redeem_attempts_at ON billing_redeem_attempts (workspace_id, at);
        CREATE TABLE billing_setup_sessions (
          id text PRIMARY KEY,
          workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
          account_id text REFERENCES accounts(id) ON DELETE SET NULL,
          provider text NOT NULL,
          provider_ref text,
          status text NOT NULL DEFAULT 'open',
          payment_method_id text,
          created_at timestamptz NOT NULL DEFAULT now(),
          expires_at timestamptz NOT NULL,
          completed_at timestamptz
        );
        CREATE UNIQUE INDEX billing_setup_sessions_provider_ref ON billing_setup_sessions (provider, provider_ref);
        CREATE TABLE billing_webhook_events (
          id text PRIMARY KEY,
          type text NOT NULL,
          received_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE billing_url_keys (
          id text PRIMARY KEY,
          secret text NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now()
        );
      `,
  '0551_billing_paid_at_customer_details': `
        ALTER TABLE billing_invoices ADD COLUMN paid_at timestamptz;
        UPDATE billing_invoices SET paid_at = issued_at WHERE status = 'paid' AND paid_at IS NULL;
        ALTER TABLE billing_accounts ADD COLUMN customer_name text;
        ALTER TABLE billing_accounts ADD COLUMN customer_line1 text;
        ALTER TABLE billing_accounts ADD COLUMN customer_line2 text;
        ALTER TABLE billing_accounts ADD COLUMN customer_city text;
        ALTER TABLE billing_accounts ADD COLUMN customer_postal_code text;
        ALTER TABLE billing_accounts ADD COLUMN customer_country text;
      `,
  // A workspace whose runway is below RUNWAY_ALERT_DAYS, since when (docs/notifications.md §Alerts): claimed by the
  // check that announces it, removed when the runway is long again, so each fall is announced once.
  '0552_billing_runway_alerts': `
        CREATE TABLE billing_runway_alerts (
          workspace_id text PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
          low_since timestamptz NOT NULL
        );
      `,
});
