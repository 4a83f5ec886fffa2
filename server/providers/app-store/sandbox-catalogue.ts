/**
 * The sandbox catalogue: a few hundred believable store listings on both platforms, generated deterministically
 * from a fixed seed (the same apps, ids, URLs and icons on every start and every machine), plus the demo studio's own
 * games so a duplicate add can be tried on the demo workspace. Titles combine game and app words; developers are
 * fictional studios; each listing has a Google Play and/or App Store URL that the sandbox lookup resolves.
 */
import type { AppSearchResult } from '../../../src/contracts/apps';
import type { Platform } from '../../../src/contracts/codecs';
import { mulberry32 } from '../../analytics/generator';
import { iconPng, ICON_SHAPES } from './png';

/** One listing of the catalogue (an app may be listed on both stores: two listings sharing a title and developer). */
export interface CatalogueApp {
  platform: Platform;
  title: string;
  developer: string;
  description: string;
  /** Android package name, or the App Store's numeric id. */
  storeId: string;
  /** iOS bundle id (Android: same as the package name). */
  bundleId: string;
  url: string;
  hue: number;
  shape: number;
}

const FIRST = [
  'Dragon',
  'Pixel',
  'Word',
  'Candy',
  'Galaxy',
  'Puzzle',
  'Merge',
  'Tiny',
  'Royal',
  'Zen',
  'Turbo',
  'Ocean',
  'Jungle',
  'Crystal',
  'Shadow',
  'Sky',
  'Farm',
  'Cozy',
  'Neon',
  'Idle',
  'Block',
  'Bubble',
  'Castle',
  'Rocket',
  'Ninja',
  'Magic',
  'Hidden',
  'Solitaire',
  'Sudoku',
  'Mahjong',
  'Bingo',
  'Fruit',
  'Pet',
  'Dino',
  'Robot',
  'Hero',
  'Kingdom',
  'Pirate',
  'Space',
  'Garden',
];
const SECOND = [
  'Merge',
  'Racer',
  'Garden',
  'Quest',
  'Saga',
  'Blast',
  'Legends',
  'Tycoon',
  'Match',
  'Run',
  'Builder',
  'Rush',
  'Story',
  'Island',
  'Kitchen',
  'Defense',
  'Tiles',
  'Jump',
  'Drift',
  'Heroes',
  'Crush',
  'Journey',
  'Mania',
  'Arena',
  'Valley',
];
const SUFFIX = [
  '',
  '',
  '',
  '',
  ' 2',
  ': Puzzle Adventure',
  ' Deluxe',
  ': Idle Clicker',
  ' Mobile',
  ' Classic',
  ' Pro',
  ': Match 3',
];
const STUDIOS = [
  'Lumen Play',
  'Bright Harbor Games',
  'Northwind Studio',
  'Kitefin Interactive',
  'Moss & Mortar',
  'Pocket Comet',
  'Yellowtail Games',
  'Blue Orchard',
  'Copperfox Studio',
  'Sundial Apps',
  'Quartz Owl',
  'Little Lantern',
  'Redwood Pixel',
  'Tidepool Games',
  'Hexagon Hive',
  'Cloudberry Labs',
  'Paper Crane Games',
  'Iron Kettle',
  'Saltmarsh Studio',
  'Velvet Arcade',
  'Granite Bay Games',
  'Honeycomb Play',
  'Starling Works',
  'Mapleleaf Mobile',
  'Orbit Otter',
  'Cinder & Sage',
  'Wildplum Games',
  'Foxglove Digital',
  'Nimbus Nine',
  'Harborlight Apps',
];
const GENRES = ['puzzle', 'casual', 'arcade', 'strategy', 'simulation', 'word', 'racing', 'adventure', 'idle', 'board'];

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');
const kebab = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
export const playUrl = (pkg: string) => `https://play.google.com/store/apps/details?id=${pkg}`;
export const appStoreUrl = (title: string, id: string) => `https://apps.apple.com/us/app/${kebab(title)}/id${id}`;

function describe(title: string, genre: string, developer: string, pick: () => number): string {
  const hooks = [
    `${title} is a ${genre} game for quick breaks and long evenings alike.`,
    `Join millions of players in ${title}, the ${genre} hit from ${developer}.`,
    `${title}: relaxing ${genre} fun with hundreds of hand-made levels.`,
  ];
  const features = [
    'Play offline, anytime.',
    'New events every week.',
    'Compete with friends on the leaderboards.',
    'Collect rewards every day.',
    'Easy to learn, hard to master.',
    'Beautiful art and calm music.',
  ];
  const a = features[Math.floor(pick() * features.length)]!;
  const b = features[(features.indexOf(a) + 1 + Math.floor(pick() * (features.length - 1))) % features.length]!;
  return `${hooks[Math.floor(pick() * hooks.length)]} ${a} ${b}`;
}

/** The demo studio's own games (server/demo/seed.ts), listed as the demo workspace has them. */
const DEMO_LISTINGS: CatalogueApp[] = [
  {
    platform: 'android',
    title: 'Dragon Merge',
    developer: 'Demo Studio',
    storeId: 'dev.demostudio.dragonmerge',
    bundleId: 'dev.demostudio.dragonmerge',
    hue: 160,
    shape: 1,
  },
  {
    platform: 'ios',
    title: 'Dragon Merge',
    developer: 'Demo Studio',
    storeId: '1600000001',
    bundleId: 'dev.demostudio.dragonmerge',
    hue: 200,
    shape: 1,
  },
  {
    platform: 'ios',
    title: 'Word Garden',
    developer: 'Demo Studio',
    storeId: '1600000002',
    bundleId: 'dev.demostudio.wordgarden',
    hue: 95,
    shape: 0,
  },
  {
    platform: 'android',
    title: 'Word Garden',
    developer: 'Demo Studio',
    storeId: 'dev.demostudio.wordgarden',
    bundleId: 'dev.demostudio.wordgarden',
    hue: 110,
    shape: 0,
  },
].map((app) => ({
  ...app,
  platform: app.platform as Platform,
  description: `${app.title} by Demo Studio: the demo workspace's own game.`,
  url: app.platform === 'android' ? playUrl(app.storeId) : appStoreUrl(app.title, app.storeId),
}));

/** Builds the catalogue: `count` distinct titles (each on one or both stores) after the demo listings. */
export function buildCatalogue(count = 240, seed = 20240611): CatalogueApp[] {
  const pick = mulberry32(seed);
  const listings = [...DEMO_LISTINGS];
  const seen = new Set(listings.map((l) => l.title));
  let iosId = 1_450_000_000;
  while (seen.size < count + DEMO_LISTINGS.length / 2) {
    const title = `${FIRST[Math.floor(pick() * FIRST.length)]} ${SECOND[Math.floor(pick() * SECOND.length)]}${SUFFIX[Math.floor(pick() * SUFFIX.length)]}`;
    const [a, b] = title.split(' ');
    if (seen.has(title) || a === b) continue;
    seen.add(title);
    const developer = STUDIOS[Math.floor(pick() * STUDIOS.length)]!;
    const genre = GENRES[Math.floor(pick() * GENRES.length)]!;
    const description = describe(title, genre, developer, pick);
    const pkg = `com.${slug(developer)}.${slug(title)}`;
    const hue = Math.floor(pick() * 360);
    const shape = Math.floor(pick() * ICON_SHAPES.length);
    const where = pick();
    if (where < 0.75)
      listings.push({
        platform: 'android',
        title,
        developer,
        description,
        storeId: pkg,
        bundleId: pkg,
        url: playUrl(pkg),
        hue,
        shape,
      });
    if (where > 0.35) {
      iosId += 1 + Math.floor(pick() * 9000);
      const id = String(iosId);
      listings.push({
        platform: 'ios',
        title,
        developer,
        description,
        storeId: id,
        bundleId: pkg,
        url: appStoreUrl(title, id),
        hue: (hue + 25) % 360,
        shape,
      });
    }
  }
  return listings;
}

const iconCache = new Map<string, string>();
/** The listing's icon as base64 PNG (drawn once per listing, then kept). */
export function iconBase64(app: CatalogueApp): string {
  const key = `${app.hue}:${app.shape}`;
  let icon = iconCache.get(key);
  if (!icon) {
    icon = iconPng(app.hue, app.shape).toString('base64');
    iconCache.set(key, icon);
  }
  return icon;
}

/** The listing as the App search result (docs/apps.md §Entities) (icon as a data: URL, the same PNG as `imageBase64`). */
export function toSearchResult(app: CatalogueApp): AppSearchResult {
  const imageBase64 = iconBase64(app);
  return {
    appId: app.storeId,
    title: app.title,
    name: app.title,
    developer: app.developer,
    platform: app.platform,
    icon: `data:image/png;base64,${imageBase64}`,
    imageBase64,
    url: app.url,
    appUrl: app.url,
    description: app.description,
    ...(app.platform === 'android'
      ? { androidPackageName: app.storeId }
      : { appleBundleId: app.bundleId, applePackageName: app.storeId }),
  };
}
