/** Files area route: stored images by their unguessable id (img tags cannot send the Authorization header). */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { filesEndpoints } from '../../../src/contracts/files';
import { readFile } from './files';

export const fileRoutes = [
  defineRoute(filesEndpoints.get, {
    access: access.public,
    handler: async ({ params, ctx }) => {
      const file = await readFile(ctx, params.id);
      return {
        contentType: file.contentType,
        bytes: file.bytes,
        headers: {
          'cache-control': 'public, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        },
      };
    },
  }),
];
