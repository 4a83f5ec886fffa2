/**
 * Building blocks shared by every contract module: strict objects (unknown keys stripped at the boundary),
 * optional fields, branded strings with domain rules, and decoding helpers that produce readable messages.
 * Pure: imports only io-ts and fp-ts so both the SPA and the server can use it.
 */
import * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';

/** A strict object with required and optional properties; unknown keys are stripped on decode and encode. */
export function struct<R extends t.Props, O extends t.Props = {}>(required: R, optional?: O, name?: string) {
  return t.exact(t.intersection([t.type(required), t.partial(optional ?? ({} as O))]), name);
}

export const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/** What a codec expects, in words: "true or false", "text", "one of admin, editor, viewer"… */
export function expectationOf(type: t.Decoder<any, any>): string {
  const any = type as t.Mixed & {
    _tag?: string;
    types?: t.Mixed[];
    keys?: object;
    value?: unknown;
    type?: t.Mixed;
    expected?: string;
  };
  if (typeof any.expected === 'string') return any.expected;
  switch (any._tag) {
    case 'StringType':
      return 'text';
    case 'NumberType':
      return 'a number';
    case 'BooleanType':
      return 'true or false';
    case 'NullType':
      return 'null';
    case 'UndefinedType':
    case 'VoidType':
      return 'left out';
    case 'LiteralType':
      return JSON.stringify(any.value);
    case 'KeyofType':
      return `one of ${Object.keys(any.keys ?? {}).join(', ')}`;
    case 'ArrayType':
    case 'ReadonlyArrayType':
      return 'a list';
    case 'InterfaceType':
    case 'PartialType':
    case 'ExactType':
    case 'StrictType':
    case 'IntersectionType':
    case 'DictionaryType':
      return 'an object';
    case 'UnionType':
      return Array.from(new Set((any.types ?? []).map(expectationOf))).join(' or ');
    case 'RefinementType':
    case 'BrandType':
    case 'ReadonlyType':
      return any.type ? expectationOf(any.type) : type.name;
    default:
      return type.name;
  }
}

/** Codecs whose children are fields or list positions (others, such as unions, intersections and exact, are wrappers). */
const CONTAINER_TAGS = new Set([
  'InterfaceType',
  'PartialType',
  'StrictType',
  'ArrayType',
  'ReadonlyArrayType',
  'TupleType',
  'DictionaryType',
]);

/**
 * Every message of a failed decode, in words, each naming the field (dotted path, list positions left out) and why:
 * "enabled must be true or false", "name must be at most 100 characters", "email is required". Never codec
 * internals: a field's expectation comes from expectationOf, or from the message of a refinement.
 */
export function describeErrors(errors: t.Errors, root = 'body'): string[] {
  return explainErrors(errors, root).map((e) => e.text);
}

/** describeErrors, each with the field it names. */
export function explainErrors(errors: t.Errors, root = 'body'): { field: string; text: string }[] {
  return errors.map((error) => {
    const path: string[] = [];
    // The entry that declares the field (not a member of a union/intersection it is made of).
    let declared = error.context[0];
    error.context.forEach((entry, i) => {
      const parent = error.context[i - 1]?.type as { _tag?: string } | undefined;
      if (i === 0 || !parent?._tag || !CONTAINER_TAGS.has(parent._tag)) return;
      declared = entry;
      if (!/^\d+$/.test(entry.key)) path.push(entry.key); // list positions are left out of the name
    });
    const field = path.join('.') || root;
    const say = (text: string) => ({ field, text: `${field} ${text}` });
    if (error.value === undefined) return say('is required');
    // Refinement messages read on from the field ("must be an integer"); a bare word (the docs' 'required', docs/architecture.md §Endpoints and errors) after a colon.
    if (error.message)
      return /^(must|is|has|cannot|should) /.test(error.message)
        ? say(error.message)
        : { field, text: `${field}: ${error.message}` };
    const last = error.context[error.context.length - 1];
    const type = (last && declared && (declared.type as { _tag?: string })._tag === 'UnionType' ? declared : last)
      ?.type;
    return say(`must be ${type ? expectationOf(type) : 'valid'}`);
  });
}

export class DecodeError extends Error {
  constructor(
    readonly messages: string[],
    /** The fields the messages name (dotted paths). */
    readonly fields: string[] = [],
  ) {
    super(messages.join('; '));
    this.name = 'DecodeError';
  }
}

/** The value decoded, or a DecodeError whose messages say which field and why (`root` names a top-level failure). */
export function decodeOrThrow<A, O>(codec: t.Type<A, O, unknown>, value: unknown, root = 'body'): A {
  const result = codec.decode(value);
  if (isLeft(result)) {
    const explained = explainErrors(result.left, root);
    throw new DecodeError(
      Array.from(new Set(explained.map((e) => e.text))),
      Array.from(new Set(explained.map((e) => e.field))),
    );
  }
  return result.right;
}

// ------------------------------------------------------------------------------------------------ bounded strings

/** Maximum lengths of request strings (UTF-16 code units), shared by the contracts and the SPA's forms. */
export const MAX = {
  /** RFC 5321 path limit. */
  email: 254,
  /** Workspace, person and other names. */
  name: 100,
  /** Titles (the docs/architecture.md §Endpoints and errors 75-character rule for report titles is checked by the domain, after trimming). */
  title: 200,
  /** Ids, tokens and signatures (ours are UUIDs and 43-character base64url tokens). */
  id: 64,
  token: 128,
  password: 256,
  url: 2048,
  /** Column names, labels, formats and other short identifiers of analytics configurations. */
  label: 256,
  /** One filter value (an is-one-of list is one comma-joined value). */
  filterValue: 10_000,
  /** A date or timestamp, or epoch seconds. */
  date: 40,
  /** Free text (descriptions). */
  text: 5_000,
} as const;

export interface BoundedStringOptions {
  /** Refuse control characters (CR, LF, tab… and Unicode line/paragraph separators): names, e-mails, ids. */
  singleLine?: boolean;
  /** An extra check that runs only on a string that passed the length and character checks; a message when refused. */
  check?: (s: string) => string | null;
  /** What the string is, in words, for messages ("a valid e-mail address"); default "text". */
  expected?: string;
  name?: string;
}

/** The refusal of a string's characters, or null: NUL, a lone UTF-16 surrogate, and (single-line) control characters. */
export function characterProblem(s: string, singleLine: boolean): string | null {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return 'must not contain NUL characters';
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return 'must be valid Unicode text';
      i++;
      continue;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return 'must be valid Unicode text';
    const control = c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029;
    if (control && (singleLine || (c !== 0x09 && c !== 0x0a && c !== 0x0d))) {
      return singleLine ? 'must be a single line without control characters' : 'must not contain control characters';
    }
  }
  return null;
}

/**
 * A string with a maximum length, refusing NUL and lone surrogates (and, single-line, control characters). The length
 * is checked FIRST, so no later check (a pattern) ever sees unbounded input. Its messages are words
 * ("must be at most 100 characters").
 */
export class BoundedStringType extends t.Type<string, string, unknown> {
  readonly _tag = 'BoundedString' as const;
  readonly expected: string;
  constructor(
    readonly maxLength: number,
    readonly options: BoundedStringOptions = {},
  ) {
    super(
      options.name ?? `string(${maxLength})`,
      (u): u is string => typeof u === 'string' && this.problem(u) === null,
      (u, c) => {
        if (typeof u !== 'string') return t.failure(u, c, `must be ${this.expected}`);
        const problem = this.problem(u);
        return problem ? t.failure(u, c, problem) : t.success(u);
      },
      t.identity,
    );
    this.expected = options.expected ?? 'text';
  }
  problem(s: string): string | null {
    if (s.length > this.maxLength) return `must be at most ${this.maxLength} characters`;
    return characterProblem(s, this.options.singleLine ?? false) ?? this.options.check?.(s) ?? null;
  }
}

/** boundedString(100, { singleLine: true }) — see BoundedStringType. */
export const boundedString = (maxLength: number, options: BoundedStringOptions = {}) =>
  new BoundedStringType(maxLength, options);
/** A single-line bounded string (names, ids, labels). */
export const line = (maxLength: number, options: Omit<BoundedStringOptions, 'singleLine'> = {}) =>
  boundedString(maxLength, { ...options, singleLine: true });

/**
 * An e-mail address: local@domain with no whitespace, exactly one '@', and a dot inside the domain. Linear (no
 * regular expression); callers bound the length first (Email does).
 */
export function isEmailAddress(s: string): boolean {
  if (s.length === 0 || s.length > MAX.email) return false;
  const at = s.indexOf('@');
  if (at <= 0 || at !== s.lastIndexOf('@') || at === s.length - 1) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (
      c <= 0x20 ||
      c === 0x7f ||
      c === 0xa0 ||
      c === 0x2028 ||
      c === 0x2029 ||
      c === 0x3000 ||
      c === 0xfeff ||
      (c >= 0x2000 && c <= 0x200a)
    )
      return false;
  }
  const domain = s.slice(at + 1);
  // a dot with at least one character on each side
  return domain.slice(1, -1).includes('.');
}
export const INVALID_EMAIL = 'must be a valid e-mail address';
export const Email = line(MAX.email, {
  name: 'Email',
  expected: 'a valid e-mail address',
  check: (s) => (isEmailAddress(s) ? null : INVALID_EMAIL),
});
export type Email = string;
/** For forms: the trimmed value is an e-mail address (length checked first). */
export const isEmail = (s: string) => isEmailAddress(s.trim());

export const NonEmptyString = refineString(boundedString(MAX.text), (s) => s.trim().length > 0, 'must not be empty');
/** A bounded, single-line name that is not blank. */
export const Name = refineString(line(MAX.name), (s) => s.trim().length > 0, 'must not be empty');
/** A path or body id. */
export const Id = line(MAX.id, { name: 'Id' });
export const Token = line(MAX.token, { name: 'Token' });

/** A bounded string with one more rule (its message when refused). */
function refineString(base: BoundedStringType, predicate: (s: string) => boolean, message: string) {
  return boundedString(base.maxLength, {
    ...base.options,
    check: (s) => base.options.check?.(s) ?? (predicate(s) ? null : message),
  });
}

export const Role = t.keyof({ admin: null, editor: null, viewer: null }, 'Role');
export type Role = t.TypeOf<typeof Role>;
export const ROLE_RANK: Record<Role, number> = { viewer: 0, editor: 1, admin: 2 };
/** How a role reads everywhere in the UI (docs/accounts.md §Roles: admin is shown as Team Admin). */
const ROLE_LABELS: Record<Role, string> = { admin: 'Team Admin', editor: 'Editor', viewer: 'Viewer' };
export const roleLabel = (role: Role) => ROLE_LABELS[role];

export const Platform = t.keyof({ android: null, ios: null }, 'Platform');
export type Platform = t.TypeOf<typeof Platform>;

/** Common answer of mutations in docs/architecture.md §Endpoints and errors: `{success, message}`. */
export const SuccessMessage = struct({ success: t.boolean }, { message: t.string });
export type SuccessMessage = t.TypeOf<typeof SuccessMessage>;

/** Error body of every 4xx/5xx answer. */
export const ErrorBody = struct(
  { success: t.literal(false), message: t.string },
  { code: t.string, fields: t.array(t.string) },
);
export type ErrorBody = t.TypeOf<typeof ErrorBody>;

export const IdParams = struct({ id: Id });
export const WorkspaceParams = struct({ workspaceId: Id });
export const AppParams = struct({ appId: Id });
