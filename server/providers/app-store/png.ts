/**
 * A tiny PNG encoder (RGBA, 8 bits, no interlace) for the sandbox catalogue's generated icons: deterministic bytes
 * from a seed, no image library. Each icon is a rounded square with a two-colour diagonal gradient and one white
 * shape (circle, diamond, ring, bars or a triangle), like a store icon seen from afar.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** PNG bytes of an RGBA image given as `width * height * 4` bytes. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.subarray(y * width * 4, (y + 1) * width * 4)).copy(raw, y * (width * 4 + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ]);
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

export const ICON_SHAPES = ['circle', 'diamond', 'ring', 'bars', 'triangle'] as const;

/** A 64×64 icon from a hue (0–359) and a shape index. */
export function iconPng(hue: number, shape: number, size = 64): Buffer {
  const from = hsl(hue, 0.7, 0.55);
  const to = hsl((hue + 40) % 360, 0.75, 0.38);
  const px = new Uint8Array(size * size * 4);
  const r = size * 0.22; // corner radius
  const c = size / 2;
  const kind = ICON_SHAPES[shape % ICON_SHAPES.length]!;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      // rounded-square mask
      const dx = Math.max(r - x, 0, x - (size - 1 - r));
      const dy = Math.max(r - y, 0, y - (size - 1 - r));
      if (dx * dx + dy * dy > r * r) continue; // transparent
      const t = (x + y) / (2 * (size - 1));
      let rgb = [0, 1, 2].map((k) => Math.round(from[k]! * (1 - t) + to[k]! * t));
      const ux = (x - c) / size;
      const uy = (y - c) / size;
      const d = Math.hypot(ux, uy);
      const inside =
        kind === 'circle'
          ? d < 0.24
          : kind === 'diamond'
            ? Math.abs(ux) + Math.abs(uy) < 0.28
            : kind === 'ring'
              ? d < 0.27 && d > 0.16
              : kind === 'bars'
                ? Math.abs(uy) < 0.25 &&
                  (Math.abs(ux + 0.17) < 0.06 || Math.abs(ux) < 0.06 || Math.abs(ux - 0.17) < 0.06)
                : uy < 0.22 && uy > -0.26 && Math.abs(ux) < (uy + 0.26) * 0.6;
      if (inside) rgb = [255, 255, 255];
      px.set([rgb[0]!, rgb[1]!, rgb[2]!, 255], i);
    }
  }
  return encodePng(size, size, px);
}
