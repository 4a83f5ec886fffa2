/** Decoding request input with a contract codec: on failure an `invalid` error naming where and each field (→ 400). */
import type { AnyCodec } from '../../src/contracts/endpoint';
import { decodeOrThrow, DecodeError } from '../../src/contracts/codecs';
import { invalid } from '../domain/errors';

export function decodeInput(codec: AnyCodec, value: unknown, where: string): unknown {
  try {
    return decodeOrThrow(codec, value);
  } catch (error) {
    if (error instanceof DecodeError) throw invalid(`Invalid ${where}: ${error.message}`, error.messages);
    throw error;
  }
}
