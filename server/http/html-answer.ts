/** A route's answer for an HTML page of ours (server/auth/browser-pages.ts), never cached. */
export const html = (bytes: Uint8Array) => ({
  contentType: 'text/html; charset=utf-8',
  bytes,
  headers: { 'cache-control': 'no-store' },
});
