/** Serves stored images by their unguessable id (img tags cannot send the Authorization header). */
import * as t from 'io-ts';
import { defineRoute, access } from '../http/define-route';
import { IdParams } from '../../src/contracts/codecs';
import { notFound } from '../http/errors';

export const fileRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/files/:id',
    access: access.public,
    params: IdParams,
    response: t.unknown,
    handler: async ({ params, ctx, reply }) => {
      const file = await ctx.db.selectFrom('files').select(['content_type', 'bytes']).where('id', '=', params.id).executeTakeFirst();
      if (!file) throw notFound('File');
      reply
        .header('content-type', file.content_type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(Buffer.from(file.bytes));
      return undefined;
    },
  }),
];
