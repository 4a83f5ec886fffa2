/**
 * Shared checks every contract codec must pass: a valid fixture decodes and encode(decode(x)) round-trips deeply equal,
 * unknown keys are stripped (top level and nested objects), and a missing required field fails with a DecodeError
 * message naming the field.
 */
import { describe, expect, it } from 'vitest';
import type * as t from 'io-ts';
import { decodeOrThrow, DecodeError } from '../../../src/contracts/codecs';

export interface CodecCase {
  name: string;
  codec: t.Type<any, any, unknown>;
  /** A decoded value (from tests/fixtures). */
  fixture: unknown;
  /** Dotted paths of required fields (array indexes allowed, e.g. `targetConditions.0.metric`). */
  required: string[];
  /** Dotted paths of nested objects that must strip unknown keys too. */
  nested?: string[];
}

type Json = Record<string, unknown>;
const clone = <A>(value: A): A => JSON.parse(JSON.stringify(value));

function at(root: unknown, path: string[]): Json {
  return path.reduce<any>((node, key) => node[key], root) as Json;
}

export function withoutField(value: unknown, path: string): unknown {
  const copy = clone(value);
  const keys = path.split('.');
  delete at(copy, keys.slice(0, -1))[keys[keys.length - 1]!];
  return copy;
}

/** The DecodeError messages of a failing decode (fails the test when it decodes). */
export function decodeMessages(codec: t.Type<any, any, unknown>, value: unknown): string[] {
  try {
    decodeOrThrow(codec, value);
  } catch (error) {
    expect(error).toBeInstanceOf(DecodeError);
    return (error as DecodeError).messages;
  }
  throw new Error('expected the decode to fail');
}

/** The message of a missing required field: its path without array indexes. */
export const requiredMessage = (path: string) =>
  `${path
    .split('.')
    .filter((key) => !/^\d+$/.test(key))
    .join('.')} is required`;

export function codecSuite(cases: CodecCase[]) {
  describe.each(cases)('$name', ({ codec, fixture, required, nested }) => {
    const wire = () => clone(codec.encode(fixture));

    it('decodes the fixture and encode(decode(x)) round-trips deeply equal', () => {
      const x = wire();
      const decoded = decodeOrThrow(codec, x);
      expect(decoded).toEqual(fixture);
      expect(codec.encode(decoded)).toEqual(x);
      expect(codec.is(decoded)).toBe(true);
    });

    it('strips unknown keys', () => {
      const x = wire();
      const polluted = clone(x) as Json;
      polluted.unexpected = 'dropped';
      for (const path of nested ?? []) at(polluted, path.split('.')).unexpected = 'dropped';
      const decoded = decodeOrThrow(codec, polluted);
      expect(decoded).toEqual(fixture);
      expect(codec.encode(decoded)).toEqual(x);
      expect(JSON.stringify(decoded)).not.toContain('unexpected');
    });

    if (required.length > 0) {
      it.each(required)('fails naming the missing required field %s', (path) => {
        expect(decodeMessages(codec, withoutField(wire(), path))).toContain(requiredMessage(path));
      });
    }
  });
}
