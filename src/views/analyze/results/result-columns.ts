/** Moved to src/contracts/result-columns.ts (shared with the server's digests, docs/notifications.md §Subscriptions). */
export * from '../../../contracts/result-columns';
