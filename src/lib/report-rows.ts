/** The result-row helpers moved to src/contracts/report-rows.ts (shared with the server's digests, docs/notifications.md §Subscriptions). */
export * from '../contracts/report-rows';
