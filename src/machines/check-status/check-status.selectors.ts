/** View model of a Check Status run (docs/postbacks.md §Partner plugin states): busy while the status is fetched. */
import type { CheckStatusSnapshot } from './check-status.machine';

export const selectChecking = (s: CheckStatusSnapshot | undefined) => !!s && s.matches('fetching');
