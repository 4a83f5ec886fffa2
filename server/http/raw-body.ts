/**
 * Keeps the raw text of JSON bodies sent to the given paths (`req.rawBody`), for webhooks whose signature covers the
 * exact bytes (Stripe). Parsing stays Fastify's own JSON parser with its usual limits and poisoning checks.
 * Also parses `application/x-www-form-urlencoded` bodies (the sandbox payments page posts a plain HTML form).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const rawBodyOf = (req: FastifyRequest): string | undefined =>
  (req as FastifyRequest & { rawBody?: string }).rawBody;

export function bodyParsers(app: FastifyInstance, rawJsonPaths: readonly string[]) {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (rawJsonPaths.includes(req.url.split('?')[0] ?? ''))
      (req as FastifyRequest & { rawBody?: string }).rawBody = body as string;
    void json(req, body as string, done);
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}
