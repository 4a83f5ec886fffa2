/**
 * Monetize (docs/monetize.md): an app's monetization campaign, its audience conditions and prices.
 * This file is the area's only door (docs/architecture.md §Areas and their doors): other areas, server/areas.ts and
 * the demo import what is named here, nothing else of the folder.
 */
export { monetizeMigrations } from './migrations';
export { monetizeRoutes } from './routes';
export { seedMonetize } from './seed';
export { campaignOf, updateCampaign } from './monetize';
