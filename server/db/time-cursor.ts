/**
 * The cursor of a list read newest first by (time, id) (the activity log, the notifications inbox): opaque to the
 * client, refused with 400 when it is not one the list gave out. Never OFFSET (docs/architecture.md §Performance).
 */
import { invalid } from '../errors';

export interface TimeCursor {
  at: string;
  id: string;
}

export const encodeTimeCursor = (c: TimeCursor) => Buffer.from(`${c.at}|${c.id}`).toString('base64url');

export function decodeTimeCursor(text: string): TimeCursor {
  const [at, id] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (!at || !id || !/^\d+$/.test(id) || Number.isNaN(Date.parse(at)))
    throw invalid('cursor is not one this list gave out.', ['cursor']);
  return { at, id };
}
