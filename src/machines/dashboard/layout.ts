/**
 * Pure layout steps of the dashboard editor (docs/analyze.md §Dashboards): the keyboard's move and resize by one cell,
 * the grid's drag and resize applied to the tiles, and where an added tile goes. Every step keeps a tile inside the
 * grid bounds of src/contracts/dashboards.ts, so a layout the editor makes is one the server accepts.
 */
import { GRID_COLUMNS, GRID_ROWS_MAX, TILE_HEIGHT_MAX, type Tile, type TileKind } from '../../contracts/dashboards';

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(n)));

/** The tile kept inside the grid: width 1–12, height 1–12, x so that x + w ≤ 12, y 0–200. */
export function bounded(tile: Tile): Tile {
  const w = clamp(tile.w, 1, GRID_COLUMNS);
  const h = clamp(tile.h, 1, TILE_HEIGHT_MAX);
  return { ...tile, w, h, x: clamp(tile.x, 0, GRID_COLUMNS - w), y: clamp(tile.y, 0, GRID_ROWS_MAX) };
}

const sharesColumns = (a: Tile, b: Tile) => a.x < b.x + b.w && b.x < a.x + a.w;

/**
 * A keyboard move by one step. The grid packs tiles upwards, so a step down or up passes the next tile in that
 * direction (sharing a column) rather than one row: down lands just after the tile below, up takes the place of the
 * tile above and pushes the tiles from there down by its height (the grid then closes the gaps).
 */
export function moveTile(tiles: readonly Tile[], id: string, dx: number, dy: number): Tile[] {
  const tile = tiles.find((t) => t.id === id);
  if (!tile) return [...tiles];
  const moved = bounded({ ...tile, x: tile.x + dx });
  const others = tiles.filter((t) => t.id !== id && sharesColumns(t, moved));
  if (dy > 0) {
    const below = others.filter((t) => t.y > tile.y).sort((a, b) => a.y - b.y)[0];
    const y = below ? below.y + 1 : tile.y + dy;
    return tiles.map((t) => (t.id === id ? bounded({ ...moved, y }) : t));
  }
  if (dy < 0) {
    const above = others.filter((t) => t.y < tile.y).sort((a, b) => b.y - a.y)[0];
    if (!above) return tiles.map((t) => (t.id === id ? bounded({ ...moved, y: tile.y + dy }) : t));
    return tiles.map((t) =>
      t.id === id ? bounded({ ...moved, y: above.y }) : t.y >= above.y ? bounded({ ...t, y: t.y + tile.h }) : t,
    );
  }
  return tiles.map((t) => (t.id === id ? moved : t));
}

export const resizeTile = (tiles: readonly Tile[], id: string, dw: number, dh: number): Tile[] =>
  tiles.map((t) => (t.id === id ? bounded({ ...t, w: t.w + dw, h: t.h + dh }) : t));

/** The grid's layout (after a drag or a resize with the mouse) applied to the tiles it names. */
export function applyLayout(
  tiles: readonly Tile[],
  layout: readonly { i: string; x: number; y: number; w: number; h: number }[],
): Tile[] {
  const byId = new Map(layout.map((item) => [item.i, item]));
  return tiles.map((t) => {
    const item = byId.get(t.id);
    return item ? bounded({ ...t, x: item.x, y: item.y, w: item.w, h: item.h }) : t;
  });
}

/** A new tile below the others, half the grid wide (the returns table full width). */
export function addedTile(tiles: readonly Tile[], kind: TileKind, ref: string, id: string): Tile {
  const bottom = tiles.reduce((max, t) => Math.max(max, t.y + t.h), 0);
  const wide = kind === 'metric' && ref === 'quest_returns';
  return bounded({ id, kind, ref, x: 0, y: bottom, w: wide ? GRID_COLUMNS : 6, h: 6 });
}

/** Words for the polite announcement of a keyboard move or resize. */
export const whereWords = (tile: Tile) =>
  `column ${tile.x + 1}, row ${tile.y + 1}, ${tile.w} columns wide, ${tile.h} rows high`;
