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

/** Every message of a failed decode, each naming the path of the offending field. */
export function describeErrors(errors: t.Errors): string[] {
  return errors.map((error) => {
    const path = error.context
      .map((entry) => entry.key)
      .filter((key) => key !== '' && !/^\d+$/.test(key))
      .join('.');
    const field = path || 'body';
    if (error.message) return `${field}: ${error.message}`;
    const expected = error.context[error.context.length - 1]?.type.name ?? 'value';
    return error.value === undefined ? `${field} is required` : `${field} must be ${expected}`;
  });
}

export class DecodeError extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join('; '));
    this.name = 'DecodeError';
  }
}

export function decodeOrThrow<A, O>(codec: t.Type<A, O, unknown>, value: unknown): A {
  const result = codec.decode(value);
  if (isLeft(result)) throw new DecodeError(Array.from(new Set(describeErrors(result.left))));
  return result.right;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export interface EmailBrand { readonly Email: unique symbol }
export const Email = t.brand(
  t.string,
  (s): s is t.Branded<string, EmailBrand> => EMAIL.test(s) && s.length <= 254,
  'Email',
);
export type Email = t.TypeOf<typeof Email>;
export const isEmail = (s: string) => EMAIL.test(s.trim());

export interface NonEmptyBrand { readonly NonEmpty: unique symbol }
export const NonEmptyString = t.brand(
  t.string,
  (s): s is t.Branded<string, NonEmptyBrand> => s.trim().length > 0,
  'NonEmpty',
);

export const Role = t.keyof({ admin: null, editor: null, viewer: null }, 'Role');
export type Role = t.TypeOf<typeof Role>;
export const ROLE_RANK: Record<Role, number> = { viewer: 0, editor: 1, admin: 2 };
/** How a role reads everywhere in the UI (SPEC §6: admin is shown as Team Admin). */
const ROLE_LABELS: Record<Role, string> = { admin: 'Team Admin', editor: 'Editor', viewer: 'Viewer' };
export const roleLabel = (role: Role) => ROLE_LABELS[role];

export const Platform = t.keyof({ android: null, ios: null }, 'Platform');
export type Platform = t.TypeOf<typeof Platform>;

/** Common answer of mutations in SPEC §7: `{success, message}`. */
export const SuccessMessage = struct({ success: t.boolean }, { message: t.string });
export type SuccessMessage = t.TypeOf<typeof SuccessMessage>;

/** Error body of every 4xx/5xx answer. */
export const ErrorBody = struct({ success: t.literal(false), message: t.string }, { code: t.string, fields: t.array(t.string) });
export type ErrorBody = t.TypeOf<typeof ErrorBody>;

export const IdParams = struct({ id: t.string });
export const WorkspaceParams = struct({ workspaceId: t.string });
export const AppParams = struct({ appId: t.string });
