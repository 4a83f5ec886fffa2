/**
 * Billing (docs/billing.md §Screens and routes billing tabs and ?success=true, §Entities Billing, §Invoice and credit states statuses, §Rules and limits promo code, §Roles admins only, §Rules and limits balance):
 * each tab wide and at 700 px with an axe scan; adding a card on the sandbox hosted page and coming back to the
 * success message; a declined card; redeeming a promo code (and an expired one); downloading an invoice PDF (a real
 * PDF holding its transaction id); set default and delete; viewers and editors never see Billing.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from './pages/sign-in.page';
import { signInByApi } from './pages/session';
import { DEMO_WORKSPACE } from './pages/demo';
import { expectNoSeriousA11yViolations } from './pages/axe';
import { throwawayWorkspace } from './pages/apps.page';
import { billingPath, cardByApi } from './pages/billing.page';

const BILLING = `/workspace/${DEMO_WORKSPACE.id}/billing`;
const ADDED = 'Payment method added successfully'; // docs/billing.md §Screens and routes, verbatim

async function openBilling(page: Page, tab = '') {
  await signInByApi(page, DEMO_ACCOUNTS.admin);
  await page.goto(tab ? `${BILLING}/${tab}` : BILLING);
  // The first page of a tab loads the app: slow on a loaded machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible({ timeout: 20_000 });
}

for (const width of [1280, 700])
  test(`every tab at ${width} px passes axe and shows its content`, async ({ page }) => {
    // Four axe scans on a shared 2-core machine.
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await openBilling(page);
    const tabs: [string, string, () => Promise<void>][] = [
      [
        'balance',
        'Balance',
        async () => {
          await expect(page.getByRole('region', { name: /^(Credits Available|Current Balance)$/ })).toBeVisible();
          await expect(page.getByText('$200.00')).toBeVisible();
          await expect(
            page.getByRole('list', { name: 'Credits in the order they are used' }).getByRole('listitem'),
          ).not.toHaveCount(0);
        },
      ],
      [
        'payment-methods',
        'Payment Methods',
        async () => {
          await expect(
            page.getByRole('list', { name: 'Payment methods' }).getByText('Default', { exact: true }),
          ).toBeVisible();
          await expect(page.getByText('Manual invoice', { exact: true })).toBeVisible();
          await expect(page.getByText('Sandbox', { exact: true })).toBeVisible();
        },
      ],
      [
        'payment-history',
        'Payment History',
        async () => {
          await expect(page.getByRole('region', { name: 'Invoices' }).getByRole('row')).not.toHaveCount(0);
          await expect(page.getByRole('region', { name: 'Invoices' }).getByText('Paid').first()).toBeVisible();
        },
      ],
      [
        'credits-history',
        'Credits History',
        async () => {
          const table = page.getByRole('region', { name: 'Credit transactions' });
          await expect(table.getByText('Expired', { exact: true }).first()).toBeVisible();
          await expect(table.getByText('Active', { exact: true }).first()).toBeVisible();
        },
      ],
    ];
    for (const [slug, name, check] of tabs) {
      // Wide: by the tab links; narrow: by the address (each tab is route-addressable).
      if (width === 1280)
        await page.getByRole('navigation', { name: 'Billing sections' }).getByRole('link', { name }).click();
      else await page.goto(`${BILLING}/${slug}`);
      await expect(page).toHaveURL(new RegExp(`/billing/${slug}$`));
      await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
      await check();
      await expectNoSeriousA11yViolations(page, `billing ${slug} at ${width} px`);
    }
  });

test('add a card on the sandbox page: a declined card is refused, a good one comes back to the success message', async ({
  page,
}) => {
  await openBilling(page, 'payment-methods');
  await page.getByRole('button', { name: 'Add payment method' }).click();
  await expect(page).toHaveURL(/\/sandbox\/payments\/setup\//);
  await expect(page.getByRole('note')).toContainText('Sandbox');
  await expectNoSeriousA11yViolations(page, 'sandbox payments page');

  const fill = async (number: string, cvc = '123') => {
    await page.getByLabel('Name on card').fill('Ada Admin');
    await page.getByLabel('Card number', { exact: true }).fill(number);
    await page.getByLabel('Expiry (MM/YY)').fill('12/39');
    await page.getByLabel('CVC').fill(cvc);
    await page.getByRole('button', { name: 'Save card' }).click();
  };
  await fill('4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await fill('4242 4242 4242 4241');
  await expect(page.getByRole('alert')).toHaveText('Your card number is invalid.');

  await fill('3782 822463 10005', '1234');
  await expect(page.getByText(ADDED)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${BILLING}/payment-methods$`));
  await expect(page.getByRole('list', { name: 'Payment methods' }).getByText('American Express')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'billing after adding a card');
});

test('redeem a promo code: Redeem is disabled while empty, a good code adds credits, an expired one says so', async ({
  page,
}) => {
  await openBilling(page);
  const box = page.getByRole('region', { name: 'Redeem a promo code' });
  const redeem = box.getByRole('button', { name: 'Redeem' });
  await expect(redeem).toBeDisabled();
  const credits = page.getByRole('list', { name: 'Credits in the order they are used' }).getByRole('listitem');
  await expect(credits.first()).toBeVisible(); // the runway has loaded: the count below is the seeded one
  const before = await credits.count();

  await box.getByLabel('Promo code').fill('SUMMER2024');
  await redeem.click();
  await expect(box.getByText('This promo code has expired.')).toBeVisible();

  await box.getByLabel('Promo code').fill('launch100');
  await expect(box.getByText('This promo code has expired.')).toHaveCount(0);
  await redeem.click();
  await expect(page.getByText('Promo code redeemed: $100.00 of credits added.')).toBeVisible();
  await expect(box.getByLabel('Promo code')).toHaveValue('');
  await expect(credits).toHaveCount(before + 1);

  await page.goto(`${BILLING}/credits-history`);
  await expect(
    page.getByRole('region', { name: 'Credit transactions' }).getByText('Promo code LAUNCH100: Launch offer'),
  ).toBeVisible();
});

test('download an invoice: a real PDF with its transaction id; no document, no download', async ({ page }) => {
  await openBilling(page, 'payment-history');
  const table = page.getByRole('region', { name: 'Invoices' });
  const row = table.getByRole('row').filter({ hasText: 'Paid' }).first();
  const transactionId = (await row.getByRole('cell').nth(1).textContent())!.trim();
  const link = row.getByRole('link', { name: /^Download invoice/ });
  const url = new URL((await link.getAttribute('href'))!, page.url()).href;
  expect(url).toContain(`/api/billing/invoices/${transactionId}/pdf`);
  // It opens in a new tab (a browser without a PDF viewer, such as the headless shell, saves it from there).
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  // The new tab carries no session: the signed url alone fetches it.
  const res = await page.context().request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const bytes = await res.body();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.toString('latin1')).toContain(transactionId);
  await popup.close();

  const voided = table.getByRole('row').filter({ hasText: 'Void' });
  await expect(voided.getByRole('button', { name: /^Download invoice .* \(unavailable\)$/ })).toBeDisabled();
});

// Before the journey that deletes the demo's Mastercard (tests share the demo workspace, in file order).
test("card brands show as the brands' own marks, never cut to four letters", async ({ page }) => {
  await openBilling(page, 'payment-methods');
  const list = page.getByRole('list', { name: 'Payment methods' });
  const visa = list.getByRole('listitem').filter({ hasText: 'Visa' });
  const mastercard = list.getByRole('listitem').filter({ hasText: 'Mastercard' });
  await expect(visa.locator('[data-brand="visa"]')).toHaveText('VISA');
  await expect(mastercard.locator('[data-brand="mastercard"] svg')).toBeVisible();
  await expect(mastercard.locator('[data-brand="mastercard"]')).toHaveAttribute('title', 'Mastercard');
  for (const cut of ['MAST', 'AMER', 'INV']) await expect(list.getByText(cut, { exact: true })).toHaveCount(0);
});

test('set a default and delete a method behind a confirm', async ({ page }) => {
  await openBilling(page, 'payment-methods');
  const list = page.getByRole('list', { name: 'Payment methods' });
  await page.getByRole('button', { name: 'Set as default: Manual invoice' }).click();
  await expect(page.getByText('Default payment method updated.')).toBeVisible();
  await expect(list.getByRole('listitem').first()).toContainText('Manual invoice');
  await expect(list.getByRole('listitem').first()).toContainText('Default');

  await page.getByRole('button', { name: 'Delete Mastercard ending in 4444' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete payment method' });
  await expect(dialog).toContainText('Are you sure you want to delete Mastercard ending in 4444?');
  await expectNoSeriousA11yViolations(page, 'delete payment method dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(list.getByText('Mastercard')).toBeVisible();

  await page.getByRole('button', { name: 'Delete Mastercard ending in 4444' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Payment method deleted.')).toBeVisible();
  await expect(list.getByText('Mastercard')).toHaveCount(0);
});

test('a method that cannot be deleted says why before any confirm and offers adding a method instead', async ({
  page,
}) => {
  test.setTimeout(60_000); // a workspace and a card of its own, then an axe scan: slow on a busy machine
  const token = await signInByApi(page, DEMO_ACCOUNTS.admin);
  const workspace = await throwawayWorkspace(page.request, token);
  await cardByApi(page.request, token, workspace.id, { number: '4242 4242 4242 4242', cvc: '123' });
  // The server marks the only method with charges pending `deletable: false` (tests/server/billing.test.ts); a fresh
  // workspace has no charges, so its answer is marked that way here.
  await page.route(/\/api\/workspace\/[^/]+\/billing\/payment-methods$/, async (route) => {
    const answer = await (await route.fetch()).json();
    await route.fulfill({
      json: { ...answer, data: answer.data.map((method: object) => ({ ...method, deletable: false })) },
    });
  });
  let deletes = 0;
  page.on('request', (request) => void (request.method() === 'DELETE' && deletes++));
  await page.goto(billingPath(workspace.id, 'payment-methods'));
  await page.getByRole('button', { name: 'Delete Visa ending in 4242' }).click();
  const dialog = page.getByRole('dialog', { name: 'This payment method is still needed' });
  await expect(dialog).toContainText(
    'This is your only payment method and charges are still pending. Add another payment method before deleting this one.',
  );
  await expect(dialog.getByRole('button', { name: /^(Delete|Try again)$/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'payment method still needed dialog');
  await dialog.getByRole('button', { name: 'Add payment method' }).click();
  await expect(page).toHaveURL(/\/sandbox\/payments\/setup\//);
  expect(deletes, 'nothing was sent to be deleted').toBe(0);
});

for (const who of ['editor', 'viewer'] as const) {
  test(`the ${who} never sees Billing, and its API answers 403`, async ({ page }) => {
    const token = await signInByApi(page, DEMO_ACCOUNTS[who]);
    await page.goto(`/workspace/${DEMO_WORKSPACE.id}/apps`);
    await expect(page.getByRole('link', { name: 'Team' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Billing' })).toHaveCount(0);
    await page.goto(BILLING);
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toHaveCount(0);
    const res = await page.request.get(`/api/workspace/${DEMO_WORKSPACE.id}/billing/balance`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(403);
  });
}

test('an unknown billing tab goes to the canonical billing address, keeping the query', async ({ page }) => {
  await openBilling(page, 'nope');
  await expect(page).toHaveURL(BILLING);
  await expect(page.getByRole('link', { name: 'Balance', exact: true })).toHaveAttribute('aria-current', 'page');
  // Back from the provider with an unknown tab: the success message and the Payment Methods tab, as from /billing.
  await page.goto(`${BILLING}/nope?success=true`);
  await expect(page.getByText(ADDED, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`${BILLING}/payment-methods`);
});
