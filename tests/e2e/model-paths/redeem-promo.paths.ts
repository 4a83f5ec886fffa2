/**
 * The redeem-promo flow's table (src/machines/redeem-promo/redeem-promo.machine.ts, the promo code box of
 * src/views/billing/BalanceTab.tsx; docs/billing.md §Rules and limits Redeem disabled while empty, §Entities credit transaction): each event → what
 * the admin does in the box, each state → what the box shows. Every test works in a throwaway workspace of its own,
 * so the credits it redeems never change Demo Studio's balance. The real server answers a good and an expired code;
 * a refusal and a crash are answered through Playwright routes, and a cancelled call is held, then dropped.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  redeemPromoMachine,
  type RedeemContext,
  type RedeemEvent,
} from '../../../src/machines/redeem-promo/redeem-promo.machine';
import { ApiError } from '../../../src/services/http';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { throwawayWorkspace } from '../pages/apps.page';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

interface RedeemUi extends Ui {
  workspaceId: string;
}

// The server's and our words (docs/billing.md §Messages gives no billing messages), verbatim.
const REDEEMED = 'Promo code redeemed: $100.00 of credits added.';
const EXPIRED = 'This promo code has expired.';
const REDEEM_FAILED = 'We could not redeem the promo code. Please try again later.';

const E = {
  typeExpired: { type: 'TYPE', code: 'SUMMER2024' },
  typeGood: { type: 'TYPE', code: 'launch100' },
  redeem: { type: 'REDEEM' },
  cancel: { type: 'CANCEL' },
  redeemed: doneEvent('redeem', { success: true, message: REDEEMED }),
  refused: doneEvent('redeem', { success: false }),
  /** The real server's answer to an expired code (410 with its reason). */
  expired: { type: 'xstate.error.actor.redeem', error: new ApiError(410, EXPIRED, 'expired'), actorId: 'redeem' },
  crashed: crashEvent('redeem'),
};

type Ev<K extends RedeemEvent['type']> = Extract<RedeemEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as RedeemContext;
const isExpired = (event: EventObject) => (event as EventObject & { error?: unknown }).error instanceof ApiError;
const succeeded = (event: EventObject) =>
  event.type.startsWith('xstate.done.') && (event as EventObject & { output: { success: boolean } }).output.success;
const REDEEM_URL = { method: 'POST', url: /\/api\/workspace\/[^/]+\/billing\/redeem$/ };
const redeemCall = outcome<RedeemUi>(
  REDEEM_URL,
  (event) => {
    if (event.type.startsWith('xstate.error.')) return isExpired(event) ? answers.server : answers.crash;
    return succeeded(event) ? answers.server : answers.refused();
  },
  (event) =>
    event.type.startsWith('xstate.error.')
      ? isExpired(event)
        ? 'redeem expired'
        : 'redeem 500'
      : succeeded(event)
        ? 'redeem ✓'
        : 'redeem refused',
);
/** CANCEL: the call is held from the step that sends it, and dropped once the box gave it up. */
const cancelledCall = outcome<RedeemUi>(REDEEM_URL, () => 'abort' as const);

const box = (ui: RedeemUi) => ui.page.getByRole('region', { name: 'Redeem a promo code' });
const codeField = (ui: RedeemUi) => box(ui).getByLabel('Promo code', { exact: true });
const redeemButton = (ui: RedeemUi) => box(ui).getByRole('button', { name: 'Redeem', exact: true });
const open = async (ui: RedeemUi) => {
  await ui.page.goto(`/workspace/${ui.workspaceId}/billing`);
  await expect(codeField(ui)).toBeVisible();
};
const input = { workspaceId: 'paths' };

export const redeemPromoTable: FlowTable<RedeemUi> = {
  flow: 'redeem-promo',
  machine: redeemPromoMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).code.trim() !== '']),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    return { page, workspaceId: (await throwawayWorkspace(page.request, token)).id };
  },
  traversals: [
    { name: 'redeem', kind: 'shortest', input, open, events: [E.typeGood, E.redeem, E.redeemed] },
    {
      // An expired code says so (the server's words); typing clears them; a crash and a refusal keep the code with
      // our words; a cancelled call changes nothing; the good code adds credits once and empties the box.
      name: 'failures, cancel, redeem',
      kind: 'journey',
      input,
      open,
      events: [
        E.typeExpired,
        E.redeem,
        E.expired,
        E.typeGood,
        E.redeem,
        E.crashed,
        E.redeem,
        E.refused,
        E.redeem,
        E.cancel,
        E.redeem,
        E.redeemed,
      ],
    },
  ],
  events: {
    TYPE: {
      act: (ui, event: Ev<'TYPE'>) => codeField(ui).fill(event.code),
      label: (event: Ev<'TYPE'>) => `TYPE ${event.code}`,
    },
    REDEEM: { act: (ui) => redeemButton(ui).click() },
    CANCEL: {
      arrange: cancelledCall.arrange,
      act: async (ui, event, before) => {
        await box(ui).getByRole('button', { name: 'Cancel', exact: true }).click();
        await expect(redeemButton(ui)).not.toHaveAttribute('aria-busy', 'true');
        await cancelledCall.act(ui, event, before);
      },
    },
    'xstate.done.actor.redeem': redeemCall,
    'xstate.error.actor.redeem': redeemCall,
  },
  states: {
    'redeemPromo.editing': async (ui, state, via) => {
      const { code, error } = ctx(state);
      await expect(codeField(ui)).toHaveValue(code);
      if (error) {
        expect([EXPIRED, REDEEM_FAILED]).toContain(error);
        await expect(box(ui).getByText(error, { exact: true })).toBeVisible();
      } else
        for (const words of [EXPIRED, REDEEM_FAILED])
          await expect(box(ui).getByText(words, { exact: true })).toHaveCount(0);
      // docs/billing.md §Rules and limits: Redeem is disabled while the code is empty.
      if (code.trim()) await expect(redeemButton(ui)).toBeEnabled();
      else await expect(redeemButton(ui)).toBeDisabled();
      if (succeeded(via)) {
        await expect(ui.page.getByText(REDEEMED, { exact: true })).toBeVisible();
        // One credit, used first (the cancelled call never reached the server).
        await expect(
          ui.page
            .getByRole('list', { name: 'Credits in the order they are used' })
            .getByRole('listitem')
            .filter({ hasText: 'Promo code LAUNCH100: Launch offer' }),
        ).toHaveCount(1);
      }
    },
    'redeemPromo.redeeming': async (ui) => {
      await expect(redeemButton(ui)).toHaveAttribute('aria-busy', 'true');
      await expect(box(ui).getByRole('button', { name: 'Cancel', exact: true })).toBeEnabled();
    },
  },
  timeout: 60_000,
};
