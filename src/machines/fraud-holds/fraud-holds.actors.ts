/** The held completions' flow bound to their calls (src/services/acquire-fraud.service.ts). */
import { fromPromise } from 'xstate';
import { fraudHoldsMachine } from './fraud-holds.machine';
import { defineFlow } from '../shared/flow';
import { decideHold, listHolds } from '../../services/acquire-fraud.service';

export const fraudHoldsFlow = defineFlow({
  name: 'fraud-holds',
  bind: () =>
    fraudHoldsMachine.provide({
      actors: {
        loadHolds: fromPromise(({ input, signal }) => listHolds(input.appId, input.status, input.cursor, signal)),
        decideHold: fromPromise(({ input }) => decideHold(input.appId, input.holdId, input.decision)),
      },
    }),
});
