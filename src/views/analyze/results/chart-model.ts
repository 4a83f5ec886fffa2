/** Moved to src/contracts/chart-model.ts (the server draws digest charts from the same model, docs/notifications.md §Subscriptions). */
export * from '../../../contracts/chart-model';
