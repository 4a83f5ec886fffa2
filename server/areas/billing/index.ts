/**
 * Billing (docs/billing.md): balance, credits, invoices and their PDFs, payment methods, promo codes, and the charges
 * other areas cause (`chargeQuestStep`, a reaction to acquire's quest steps).
 * This file is the area's only door (docs/architecture.md §Areas and their doors): other areas, server/areas.ts and
 * the demo import what is named here, nothing else of the folder.
 */
export { chargeQuestStep } from './billing';
export { billingMigrations } from './migrations';
export { STRIPE_WEBHOOK_PATH, billingRoutes } from './routes';
export { DEMO_PROMO_CODES, seedBilling } from './seed';
export { billingJobs, scheduleRunwayCheck } from './runway-alert';
