/**
 * JSON columns go through a codec both ways (docs/architecture.md §Layers, tables): `writeJson` stores what the codec
 * encodes, `readJson` decodes what was stored and names the column when a row no longer fits, so a JSON column is
 * never written or read by a cast. Each table declares its columns' codecs beside its type.
 */
import * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import { describeErrors } from '../../src/contracts/codecs';

/** The text a JSON column stores for `value`. */
export const writeJson = <A, O>(codec: t.Type<A, O, unknown>, value: A): string => JSON.stringify(codec.encode(value));

/** A JSON column's stored value (parsed by the driver, or text) decoded by its codec; throws naming the column. */
export function readJson<A, O>(codec: t.Type<A, O, unknown>, column: string, stored: unknown): A {
  const decoded = codec.decode(typeof stored === 'string' ? JSON.parse(stored) : stored);
  if (isLeft(decoded))
    throw new Error(`${column} holds a value its codec refuses: ${describeErrors(decoded.left, column).join('; ')}`);
  return decoded.right;
}

/** Free-form JSON objects (plugin attributes, app details, job payloads): any object, nothing else. */
export const JsonObject = t.UnknownRecord;
/** Names to texts (an event's parameters, an event's Monetize metadata). */
export const JsonTexts = t.record(t.string, t.string);
/** A list of texts (countries, app ids, genres, file ids). */
export const JsonTextList = t.array(t.string);
