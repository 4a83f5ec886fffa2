/**
 * Walking a contract's io-ts codecs for generic tests: the number leaves of a request codec (each must be a bounded
 * number), the field names it declares, and a skeleton value (every field filled with a plausible value) whose
 * string or number leaves can be replaced by a hostile value.
 */
import type { AnyCodec, Endpoint } from '../../src/contracts/endpoint';
import { isMultipart } from '../../src/contracts/endpoint';

type Codec = AnyCodec & {
  _tag?: string;
  type?: Codec;
  types?: Codec[];
  props?: Record<string, Codec>;
  base?: Codec;
  codomain?: Codec;
  keys?: Record<string, unknown>;
  value?: unknown;
  maxLength?: number;
};

/** The codecs of a request: path params, query, and the JSON body or each JSON/text part of a multipart body. */
export function requestCodecs(endpoint: Endpoint): { where: string; codec: AnyCodec }[] {
  const out: { where: string; codec: AnyCodec }[] = [];
  if (endpoint.params) out.push({ where: 'params', codec: endpoint.params });
  if (endpoint.query) out.push({ where: 'query', codec: endpoint.query });
  const body = endpoint.body;
  if (body && isMultipart(body))
    for (const [name, codec] of Object.entries({ ...body.json, ...body.text }))
      out.push({ where: `part ${name}`, codec });
  else if (body) out.push({ where: 'body', codec: body });
  return out;
}

/** Every leaf of a codec with its dotted path: `{ path, codec }` (unions, refinements and wrappers looked through). */
export function leavesOf(codec: AnyCodec, path = ''): { path: string; codec: Codec }[] {
  const c = codec as Codec;
  switch (c._tag) {
    case 'ExactType':
    case 'ReadonlyType':
    case 'RefinementType':
      return leavesOf(c.type!, path);
    case 'IntersectionType':
    case 'UnionType':
      return (c.types ?? []).flatMap((member) => leavesOf(member, path));
    case 'InterfaceType':
    case 'PartialType':
      return Object.entries(c.props ?? {}).flatMap(([key, prop]) => leavesOf(prop, path ? `${path}.${key}` : key));
    case 'ArrayType':
    case 'ReadonlyArrayType':
      return leavesOf(c.type!, `${path}[]`);
    case 'DictionaryType':
      return leavesOf(c.codomain!, `${path}{}`);
    default:
      return c.base ? leavesOf(c.base, path) : [{ path, codec: c }];
  }
}

/** The field names a codec declares, at any depth. */
export const fieldNamesOf = (codec: AnyCodec): string[] =>
  Array.from(
    new Set(
      leavesOf(codec)
        .flatMap((leaf) => leaf.path.replace(/\[\]|\{\}/g, '').split('.'))
        .filter(Boolean),
    ),
  );

const isNumberLeaf = (c: Codec) => c._tag === 'NumberType' || c._tag === 'BoundedNumber' || c._tag === 'IntType';
const isStringLeaf = (c: Codec) => c._tag === 'StringType' || c._tag === 'BoundedString';

export interface Replace {
  string?: (path: string) => unknown;
  number?: (path: string) => unknown;
}

/**
 * A plausible value of a codec (strings 'x', an e-mail where one is expected, numbers 1, the first key of an enum,
 * one item per list), with string and/or number leaves replaced when `replace` says so.
 */
export function skeletonOf(codec: AnyCodec, replace: Replace = {}, path = '', depth = 0): unknown {
  const c = codec as Codec;
  if (depth > 12) return null;
  switch (c._tag) {
    case 'ExactType':
    case 'ReadonlyType':
    case 'RefinementType':
      return skeletonOf(c.type!, replace, path, depth + 1);
    case 'IntersectionType':
      return Object.assign({}, ...(c.types ?? []).map((member) => skeletonOf(member, replace, path, depth + 1)));
    case 'UnionType': {
      const members = c.types ?? [];
      const preferred =
        members.find((m) => (replace.number && isNumberLeaf(m)) || (replace.string && isStringLeaf(m))) ??
        members.find((m) => m._tag !== 'NullType' && m._tag !== 'UndefinedType') ??
        members[0];
      return preferred ? skeletonOf(preferred, replace, path, depth + 1) : null;
    }
    case 'InterfaceType':
    case 'PartialType':
      return Object.fromEntries(
        Object.entries(c.props ?? {}).map(([key, prop]) => [
          key,
          skeletonOf(prop, replace, path ? `${path}.${key}` : key, depth + 1),
        ]),
      );
    case 'ArrayType':
    case 'ReadonlyArrayType':
      return [skeletonOf(c.type!, replace, `${path}[]`, depth + 1)];
    case 'DictionaryType':
      return { key: skeletonOf(c.codomain!, replace, `${path}{}`, depth + 1) };
    case 'KeyofType':
      return Object.keys(c.keys ?? {})[0] ?? null;
    case 'LiteralType':
      return c.value;
    case 'BooleanType':
      return true;
    case 'NullType':
      return null;
    case 'UndefinedType':
    case 'VoidType':
      return undefined;
    default:
      if (c.base) return skeletonOf(c.base, replace, path, depth + 1);
      if (isNumberLeaf(c)) return replace.number ? replace.number(path) : 1;
      if (isStringLeaf(c) || c.is('x')) {
        if (replace.string) return replace.string(path);
        return c.is('x') ? 'x' : c.is('a@b.dev') ? 'a@b.dev' : c.is('2025-06-01') ? '2025-06-01' : 'x';
      }
      return null;
  }
}
