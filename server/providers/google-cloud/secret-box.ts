/**
 * Secrets at rest (uploaded service-account keys, OAuth refresh tokens): AES-256-GCM under the server key, a fresh
 * 96-bit IV per secret, stored as `v1.<iv>.<tag>.<ciphertext>` (base64url). The key comes from CREDENTIALS_KEY
 * (32 bytes, base64) or, by default, a random key generated on first use and kept in DATA_DIR/credentials.key (mode
 * 0600). There is no built-in default key. Secrets never leave the server: no contract carries them.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the credentials key must be 32 bytes');
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** The server key: CREDENTIALS_KEY when set, else DATA_DIR/credentials.key (created at random on first use). */
export function loadServerKey(options: { credentialsKey?: string; dataDir: string }): Buffer {
  if (options.credentialsKey) {
    const key = Buffer.from(options.credentialsKey, 'base64');
    if (key.length !== 32)
      throw new Error('CREDENTIALS_KEY must be 32 bytes, base64-encoded (openssl rand -base64 32)');
    return key;
  }
  const file = path.join(options.dataDir, 'credentials.key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    throw error;
  }
}
