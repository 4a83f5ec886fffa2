/** The recompression quality loop (docs/app-settings.md §Rules and limits): 0.8 down to 0.3 in steps of 0.1 until the JPEG is at most 1 MB. */
import { describe, expect, it } from 'vitest';
import { compressWithQualities } from '../../../src/contracts/cms';

const MB = 1024 * 1024;
/** A fake encoder whose output shrinks with quality: size = quality × bytesPerQuality. */
const encoder = (bytesPerQuality: number) => {
  const tried: number[] = [];
  const encode = async (quality: number) => {
    tried.push(quality);
    return { size: Math.round(quality * bytesPerQuality) };
  };
  return { tried, encode };
};

describe('compressWithQualities', () => {
  it('stops at the first quality within 1 MB', async () => {
    const { tried, encode } = encoder(2 * MB); // 0.8 → 1.6 MB, 0.7 → 1.4 MB, 0.6 → 1.2 MB, 0.5 → 1 MB
    const result = await compressWithQualities(encode);
    expect(tried).toEqual([0.8, 0.7, 0.6, 0.5]);
    expect(result).toEqual({ blob: { size: MB }, quality: 0.5 });
  });
  it('keeps quality 0.8 when it already fits', async () => {
    const { tried, encode } = encoder(MB);
    expect((await compressWithQualities(encode)).quality).toBe(0.8);
    expect(tried).toEqual([0.8]);
  });
  it('ends at 0.3 with its result when nothing fits', async () => {
    const { tried, encode } = encoder(10 * MB);
    const result = await compressWithQualities(encode);
    expect(tried).toEqual([0.8, 0.7, 0.6, 0.5, 0.4, 0.3]);
    expect(result).toEqual({ blob: { size: 3 * MB }, quality: 0.3 });
  });
  it('honours a given limit', async () => {
    const { encode } = encoder(1000);
    expect((await compressWithQualities(encode, 650)).quality).toBe(0.6);
  });
});
