/**
 * Stored files (workspace icons, app images): served by unguessable id, without the auth header (img tags cannot
 * send it), as bytes with their stored content type.
 */
import { IdParams } from './codecs';
import { binary, endpoint } from './endpoint';

export const filesEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/files/:id', params: IdParams, response: binary }),
};
