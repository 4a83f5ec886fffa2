/**
 * The text of an uncompressed PDF as lines, for tests that read what a generated document says: every text-showing
 * operator (`[<hex> kern <hex>] TJ` after its `x y Tm` position) decoded from WinAnsi, the pieces on one baseline
 * joined left to right with a space, lines from the top of each page down. Enough for the documents pdfkit writes
 * with its standard fonts; not a general PDF reader.
 */
const WIN_ANSI: Record<number, string> = {
  0x80: '€',
  0x82: '‚',
  0x83: 'ƒ',
  0x84: '„',
  0x85: '…',
  0x86: '†',
  0x87: '‡',
  0x88: 'ˆ',
  0x89: '‰',
  0x8a: 'Š',
  0x8b: '‹',
  0x8c: 'Œ',
  0x8e: 'Ž',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
  0x98: '˜',
  0x99: '™',
  0x9a: 'š',
  0x9b: '›',
  0x9c: 'œ',
  0x9e: 'ž',
  0x9f: 'Ÿ',
};

const decodeHex = (hex: string) =>
  (hex.match(/../g) ?? [])
    .map((pair) => {
      const code = parseInt(pair, 16);
      return WIN_ANSI[code] ?? String.fromCharCode(code);
    })
    .join('');

export function pdfTextLines(bytes: Uint8Array | Buffer): string[] {
  const source = Buffer.from(bytes).toString('latin1');
  const pages = source.split(/\/Type \/Page\b/).slice(1);
  const lines: string[] = [];
  for (const page of pages.length ? pages : [source]) {
    const pieces: { x: number; y: number; text: string }[] = [];
    const pattern = /1 0 0 1 (-?[\d.]+) (-?[\d.]+) Tm[\s\S]*?\[((?:<[0-9a-f]*>|\s|-?[\d.]+)*)\] TJ/gi;
    for (const match of page.matchAll(pattern)) {
      const text = [...match[3]!.matchAll(/<([0-9a-f]*)>/gi)].map((part) => decodeHex(part[1]!)).join('');
      pieces.push({ x: Number(match[1]), y: Number(match[2]), text });
    }
    const rows = new Map<number, { x: number; text: string }[]>();
    for (const piece of pieces) {
      const key = [...rows.keys()].find((y) => Math.abs(y - piece.y) < 2) ?? piece.y;
      rows.set(key, [...(rows.get(key) ?? []), piece]);
    }
    for (const y of [...rows.keys()].sort((a, b) => b - a)) {
      lines.push(
        rows
          .get(y)!
          .sort((a, b) => a.x - b.x)
          .map((p) => p.text.trim())
          .filter(Boolean)
          .join(' '),
      );
    }
  }
  return lines;
}
