/**
 * The pages of an e-mail's unsubscribe link (docs/notifications.md §E-mail): server-rendered, no script (the strict
 * Content-Security-Policy holds), every interpolated value escaped. The link opens a page with one button (a link
 * scanner opening it changes nothing); the button, or the mail client's one-click POST, turns the e-mails off.
 */
const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Questboard</title>
</head>
<body>
<main>
<h1>${escape(title)}</h1>
${body}
</main>
</body>
</html>
`;

export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid. Change your e-mail settings in Questboard.';

export function unsubscribePage(input: { label: string; workspaceName: string; token: string }): string {
  return page(
    'Unsubscribe',
    `<p>Stop e-mails for the alert “${escape(input.label)}” in ${escape(input.workspaceName)}? You still see it under the bell in Questboard.</p>
<form method="post" action="/api/notifications/unsubscribe?token=${encodeURIComponent(input.token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button>
</form>`,
  );
}

export function unsubscribeDonePage(input: { label: string; workspaceName: string; claim: { w: string } }): string {
  return page(
    'You are unsubscribed',
    `<p>You will get no more e-mails for the alert “${escape(input.label)}” in ${escape(input.workspaceName)}.</p>
<p><a href="/workspace/${encodeURIComponent(input.claim.w)}/notifications">Notification settings</a></p>`,
  );
}

export function unsubscribeInvalidPage(): string {
  return page('Unsubscribe', `<p>${escape(UNSUBSCRIBE_INVALID)}</p>`);
}
