/**
 * Decoding request input with a contract codec: on failure an `invalid` error (→ 400) whose message says, in words,
 * which field and why ("enabled must be true or false.", several joined by "; "), and whose `fields` name them.
 *
 * Before the codec, every string of the input (values and keys, at any depth) is checked for characters no store
 * can keep: NUL (PostgreSQL refuses 0x00 in text and jsonb) and lone UTF-16 surrogates (invalid Unicode). This holds
 * for every path param, query and body by construction, whatever codec a field has (a plain t.string included).
 */
import type { AnyCodec } from '../../src/contracts/endpoint';
import { decodeOrThrow, DecodeError } from '../../src/contracts/codecs';
import { invalid } from '../errors';

const NUL = 'must not contain NUL characters';
const BAD_UNICODE = 'must be valid Unicode text';

/** Why a string cannot be stored, or null. */
function storableProblem(s: string): string | null {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return NUL;
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c >= 0xdc00) return BAD_UNICODE;
    const next = s.charCodeAt(i + 1);
    if (!(next >= 0xdc00 && next <= 0xdfff)) return BAD_UNICODE;
    i++;
  }
  return null;
}

/**
 * The first string (value or key) of an input that cannot be stored, with its field: a dotted path of keys (list
 * positions left out, as in codec messages), `root` for the value itself. Iterative, so deep nesting cannot overflow.
 */
export function unstorableText(value: unknown, root: string): { field: string; message: string } | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      const problem = storableProblem(item);
      if (problem) return { field: path || root, message: problem };
    } else if (Array.isArray(item)) {
      for (const element of item) stack.push([element, path]);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        const field = path ? `${path}.${key}` : key;
        const problem = storableProblem(key);
        if (problem) return { field: path || root, message: `keys ${problem}` };
        stack.push([child, field]);
      }
    }
  }
  return null;
}

/** `where` names a value that fails as a whole (e.g. "body" when a JSON string is sent instead of an object). */
export function decodeInput(codec: AnyCodec, value: unknown, where: string): unknown {
  const text = unstorableText(value, where);
  if (text) throw invalid(`${text.field} ${text.message}.`, [text.field]);
  try {
    return decodeOrThrow(codec, value, where);
  } catch (error) {
    if (error instanceof DecodeError) throw invalid(`${error.messages.join('; ')}.`, error.fields);
    throw error;
  }
}
