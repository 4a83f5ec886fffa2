/** The SPA's index.html as the server sends it: the runtime configuration meta tags filled in from ServerConfig. */
import fs from 'node:fs';
import { RUNTIME_META } from '../../src/contracts/runtime-config';
import type { ServerConfig } from '../config';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function spaIndexHtml(html: string, config: Pick<ServerConfig, 'googleClientId'>): string {
  const values: Record<keyof typeof RUNTIME_META, string> = { googleClientId: config.googleClientId ?? '' };
  let out = html;
  for (const [key, name] of Object.entries(RUNTIME_META) as [keyof typeof RUNTIME_META, string][]) {
    const tag = new RegExp(`<meta name="${name}" content="[^"]*"\\s*/?>`);
    if (!tag.test(out)) throw new Error(`index.html lacks <meta name="${name}">`);
    out = out.replace(tag, `<meta name="${name}" content="${escapeAttribute(values[key])}" />`);
  }
  return out;
}

/** index.html from disk, configured; read again only when the file changes (a new build). */
export function spaIndexReader(file: string, config: Pick<ServerConfig, 'googleClientId'>): () => string {
  let cached: { mtimeMs: number; html: string } | null = null;
  return () => {
    const { mtimeMs } = fs.statSync(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: spaIndexHtml(fs.readFileSync(file, 'utf8'), config) };
    return cached.html;
  };
}
