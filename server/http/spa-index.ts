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

interface IndexCopy {
  mtimeMs: number;
  size: number;
  html: string;
}

/** The file configured, or null while it is missing, cut short or lacks its tags (a build writing it right now). */
function readIndex(file: string, config: Pick<ServerConfig, 'googleClientId'>): IndexCopy | null {
  try {
    const { mtimeMs, size } = fs.statSync(file);
    const raw = fs.readFileSync(file, 'utf8');
    if (!/<\/html>\s*$/i.test(raw)) return null;
    return { mtimeMs, size, html: spaIndexHtml(raw, config) };
  } catch {
    return null;
  }
}

/**
 * index.html served from memory: read and configured at start (throws when it cannot be), read again when the
 * file changes (a new build). While dist/ is rebuilt under a running server the file may be missing or half written
 * for a moment: the copy in memory keeps being served until a complete new one can be read.
 */
export function spaIndexReader(file: string, config: Pick<ServerConfig, 'googleClientId'>): () => string {
  let copy = readIndex(file, config);
  if (!copy) throw new Error(`${file} is missing or incomplete`);
  return () => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return copy!.html;
    }
    if (stat.mtimeMs !== copy!.mtimeMs || stat.size !== copy!.size) copy = readIndex(file, config) ?? copy;
    return copy!.html;
  };
}
