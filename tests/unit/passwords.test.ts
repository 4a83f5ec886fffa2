/** The one password rule (src/contracts/passwords.ts), used by every flow that sets a password. */
import { describe, expect, it } from 'vitest';
import { passwordProblem } from '../../src/contracts/passwords';
import { COMMON_PASSWORDS } from '../../src/contracts/common-passwords';

describe('passwordProblem', () => {
  it('refuses a short password in the invite page’s words', () => {
    expect(passwordProblem('short')).toBe('Password must be at least 10 characters.');
  });
  it('refuses a common password, whatever its case', () => {
    expect(passwordProblem('Password123')).toBe('This password is too common. Choose one that is harder to guess.');
    expect(passwordProblem('qwertyuiop')).toBe('This password is too common. Choose one that is harder to guess.');
  });
  it('refuses more than 256 characters', () => {
    expect(passwordProblem('x'.repeat(257))).toBe('Password must be at most 256 characters.');
  });
  it('accepts an uncommon password of 10 characters or more', () => {
    expect(passwordProblem('violet-harbour-42')).toBeNull();
  });
  it('ships a few hundred common passwords, each long enough to pass the length rule', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(200);
    for (const word of COMMON_PASSWORDS) expect(word.length, word).toBeGreaterThanOrEqual(10);
  });
});
