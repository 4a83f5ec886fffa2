/**
 * The pages of an e-mail's unsubscribe link (docs/notifications.md §E-mail): server-rendered, no script (the strict
 * Content-Security-Policy holds), every interpolated value escaped. The link opens a page with one button (a link
 * scanner opening it changes nothing); the button, or the mail client's one-click POST, turns the e-mails off.
 */
import { escapeHtml, htmlPage } from '../../auth/browser-pages';

const escape = escapeHtml;
const page = (title: string, body: string) => htmlPage(title, `<h1>${escape(title)}</h1>${body}`);

export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid. Change your e-mail settings in Questboard.';

export function unsubscribePage(input: {
  label: string;
  workspaceName: string;
  token: string;
  subscription?: boolean;
}): Uint8Array {
  const question = input.subscription
    ? `Stop your subscription to “${escape(input.label)}” in ${escape(input.workspaceName)}? No more digests of it are sent, by e-mail or webhook.`
    : `Stop e-mails for the alert “${escape(input.label)}” in ${escape(input.workspaceName)}? You still see it under the bell in Questboard.`;
  return page(
    'Unsubscribe',
    `<p>${question}</p>
<form method="post" action="/api/notifications/unsubscribe?token=${encodeURIComponent(input.token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button>
</form>`,
  );
}

export function unsubscribeDonePage(input: {
  label: string;
  workspaceName: string;
  claim: { w: string };
  subscription?: boolean;
}): Uint8Array {
  const done = input.subscription
    ? `Your subscription to “${escape(input.label)}” in ${escape(input.workspaceName)} is stopped.`
    : `You will get no more e-mails for the alert “${escape(input.label)}” in ${escape(input.workspaceName)}.`;
  return page(
    'You are unsubscribed',
    `<p>${done}</p>
<p><a href="/workspace/${encodeURIComponent(input.claim.w)}/notifications">Notification settings</a></p>`,
  );
}

export function unsubscribeInvalidPage(): Uint8Array {
  return page('Unsubscribe', `<p>${escape(UNSUBSCRIBE_INVALID)}</p>`);
}
