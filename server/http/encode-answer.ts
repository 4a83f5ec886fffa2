/**
 * Encoding a handler's answer with its response codec, so that one stored row the codec cannot encode (a value
 * written before a rule existed, a column changed by hand) never takes a whole list down: when the answer as a whole
 * fails to encode, each list in it keeps the items that encode and drops the others, and every dropped item is
 * reported (where it was and why) for the log. An answer that still fails without its bad list items is an error of
 * the route (500, logged with its cause).
 *
 * The fast path is the plain encode; only a failing answer is walked.
 */
import { isLeft } from 'fp-ts/Either';
import type { AnyCodec } from '../../src/contracts/endpoint';
import { describeErrors } from '../../src/contracts/codecs';

export interface DroppedItem {
  /** Where the list is in the answer (dotted keys, `[i]` for the position of the dropped item). */
  path: string;
  /** The item's id when it has one. */
  id?: string;
  /** Why it could not be encoded: the contract's words, or the encoder's error. */
  cause: string;
}

export class AnswerEncodingError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'AnswerEncodingError';
  }
}

type Codec = AnyCodec & { _tag?: string; type?: Codec; types?: Codec[]; props?: Record<string, Codec>; base?: Codec };

function tryEncode(codec: AnyCodec, value: unknown): { ok: true; encoded: unknown } | { ok: false; error: unknown } {
  try {
    return { ok: true, encoded: codec.encode(value) };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Why a value does not encode, in the contract's words when its codec says so. */
function causeOf(codec: AnyCodec, value: unknown, error: unknown): string {
  const decoded = codec.decode(value);
  if (isLeft(decoded)) return describeErrors(decoded.left, 'item').join('; ');
  return error instanceof Error ? error.message : String(error);
}

const idOf = (value: unknown): string | undefined => {
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
};

/**
 * A copy of `value` whose lists (the outermost ones met along each path) keep only the items their item codec
 * encodes. Objects are walked through their props; unions through each member that is an object or a list.
 */
function prune(codec: Codec, value: unknown, path: string, dropped: DroppedItem[]): unknown {
  if (value === null || typeof value !== 'object') return value;
  switch (codec._tag) {
    case 'ExactType':
    case 'ReadonlyType':
    case 'RefinementType':
      return codec.type ? prune(codec.type, value, path, dropped) : value;
    case 'IntersectionType':
      return (codec.types ?? []).reduce<unknown>((v, member) => prune(member, v, path, dropped), value);
    case 'UnionType': {
      if (codec.is(value)) return value;
      for (const member of codec.types ?? []) {
        const attempt: DroppedItem[] = [];
        const pruned = prune(member, value, path, attempt);
        if (tryEncode(member, pruned).ok) {
          dropped.push(...attempt);
          return pruned;
        }
      }
      return value;
    }
    case 'InterfaceType':
    case 'PartialType': {
      const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      for (const [key, prop] of Object.entries(codec.props ?? {})) {
        if (key in out) out[key] = prune(prop, out[key], path ? `${path}.${key}` : key, dropped);
      }
      return out;
    }
    case 'ArrayType':
    case 'ReadonlyArrayType': {
      if (!Array.isArray(value) || !codec.type) return value;
      const item = codec.type;
      return value.filter((element, i) => {
        const result = tryEncode(item, element);
        if (result.ok) return true;
        dropped.push({ path: `${path}[${i}]`, id: idOf(element), cause: causeOf(item, element, result.error) });
        return false;
      });
    }
    default:
      // A refined list (maxItems) narrows an array codec: walk the array, the refinement is checked by the encode after.
      return codec.base ? prune(codec.base, value, path, dropped) : value;
  }
}

/** The encoded answer and the list items left out of it; throws AnswerEncodingError when it cannot be encoded at all. */
export function encodeAnswer(codec: AnyCodec, answer: unknown): { encoded: unknown; dropped: DroppedItem[] } {
  const first = tryEncode(codec, answer);
  if (first.ok) return { encoded: first.encoded, dropped: [] };
  const dropped: DroppedItem[] = [];
  const pruned = prune(codec as Codec, answer, '', dropped);
  const second = dropped.length > 0 ? tryEncode(codec, pruned) : first;
  if (!second.ok)
    throw new AnswerEncodingError(
      `The answer does not match its contract: ${causeOf(codec, answer, first.error)}`,
      first.error,
    );
  return { encoded: second.encoded, dropped };
}
