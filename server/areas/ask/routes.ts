/**
 * "Ask Analyze in plain words" route (contract: src/contracts/ask.ts): every member of the app's workspace may ask,
 * as every member may run reports (docs/ask.md §Roles). Rules in server/areas/ask/ask.ts.
 */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { askEndpoints } from '../../../src/contracts/ask';
import { askQuestion } from './ask';

export const askRoutes = [
  defineRoute(askEndpoints.ask, {
    access: access.app('viewer'),
    handler: ({ ctx, params, body }) => askQuestion(ctx, params.appId, body.question),
  }),
];
