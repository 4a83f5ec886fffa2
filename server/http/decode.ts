/**
 * Decoding request input with a contract codec: on failure an `invalid` error (→ 400) whose message says, in words,
 * which field and why ("enabled must be true or false.", several joined by "; "), and whose `fields` name them.
 */
import type { AnyCodec } from '../../src/contracts/endpoint';
import { decodeOrThrow, DecodeError } from '../../src/contracts/codecs';
import { invalid } from '../domain/errors';

/** `where` names a value that fails as a whole (e.g. "body" when a JSON string is sent instead of an object). */
export function decodeInput(codec: AnyCodec, value: unknown, where: string): unknown {
  try {
    return decodeOrThrow(codec, value, where);
  } catch (error) {
    if (error instanceof DecodeError) throw invalid(`${error.messages.join('; ')}.`, error.fields);
    throw error;
  }
}
