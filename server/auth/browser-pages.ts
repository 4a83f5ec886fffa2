/**
 * What the server's own pages share (the Google sign-ins' sandbox and return pages, an e-mail's unsubscribe pages):
 * pages a browser opens directly, without our token: small HTML pages of ours (escaped text, no script), the cookie that binds a
 * started sign-in to the browser that started it, and a constant-time comparison of its value. Routes answer the
 * pages with `html` (server/http/html-answer.ts).
 */
import { timingSafeEqual } from 'node:crypto';

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A page of ours: `body` is HTML already escaped by the caller. Styled by the static `/pages.css` (public/pages.css:
 * the Content-Security-Policy allows our own stylesheets, never inline ones).
 */
export const htmlPage = (title: string, body: string) =>
  new TextEncoder().encode(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(title)} · Questboard</title><link rel="stylesheet" href="/pages.css"></head>` +
      `<body><header>Questboard</header><main>${body}</main></body></html>`,
  );

/** A page that sends the browser on to `url` (a path of ours), with a link for when refresh is off. */
export const redirectPage = (url: string) =>
  htmlPage(
    'Signing in',
    `<p>Returning to Questboard… <a href="${escapeHtml(url)}">Continue</a></p><meta http-equiv="refresh" content="0;url=${escapeHtml(url)}">`,
  );

/** The value of one cookie of a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return null;
}

/** The Set-Cookie of a started sign-in: HttpOnly, SameSite=Lax, only for `path`, Secure over https. */
export const bindingCookie = (publicUrl: string, name: string, value: string, path: string, minutes: number) =>
  `${name}=${value}; Path=${path}; Max-Age=${minutes * 60}; HttpOnly; SameSite=Lax${publicUrl.startsWith('https:') ? '; Secure' : ''}`;

/** Two secrets compared in constant time. */
export function sameSecret(a: string, b: string) {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}
