/**
 * Security headers on every answer (page, assets, API), through @fastify/helmet. The Content-Security-Policy allows
 * exactly what the SPA uses:
 *  - scripts, styles and fonts from our own origin only (Vite emits no inline script; the runtime configuration is a
 *    <meta> tag read by the page, not a script), no plugins (object-src 'none'), <base> pinned;
 *  - images from our origin plus data: (QR codes) and blob: (icon previews, the chart image export);
 *  - fetch to our API and to the Google Sheets API (sheets.googleapis.com; the Google sign-in itself is a pop-up on
 *    accounts.google.com whose answer comes back through /oauth-callback on our origin);
 *  - the Stately inspector (?inspect=1) opens stately.ai in a window and talks to it with postMessage; frame-src
 *    also allows it in an iframe;
 *  - nobody may frame Questboard (frame-ancestors 'none', X-Frame-Options: DENY), and nosniff stops MIME guessing.
 * Cross-Origin-Opener-Policy is not sent: the Google sign-in pop-up must keep `window.opener` to post the token
 * back. No upgrade-insecure-requests: the embedded server is plain http on 127.0.0.1 by default.
 */
import type { FastifyHelmetOptions } from '@fastify/helmet';

export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'https://sheets.googleapis.com'],
  'frame-src': ['https://stately.ai'],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

export const helmetOptions: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: Object.fromEntries(
      Object.entries(CONTENT_SECURITY_POLICY).map(([name, values]) => [name, [...values]]),
    ),
  },
  frameguard: { action: 'deny' },
  crossOriginOpenerPolicy: false,
};
