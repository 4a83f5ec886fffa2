/**
 * The guides' Markdown (docs/guides/*.md), each its own chunk loaded when its page opens (`?raw`: the text as is).
 * Which guides there are comes from the registry (GUIDES in src/contracts/documentation.ts); the glob finds their
 * files, and tests/unit/registries.test.ts checks every listed guide has one.
 */
import { GUIDES, type GuideSlug } from '../../contracts/documentation';

const files = import.meta.glob<string>('../../../docs/guides/*.md', { query: '?raw', import: 'default' });

export async function loadGuide(slug: GuideSlug): Promise<string> {
  const load = files[`../../../docs/guides/${slug}.md`];
  if (!load) throw new Error(`No guide file for ${slug}`);
  return load();
}

/** The integrations tab a guide belongs to (the page's way back), by its slug. */
export const GUIDE_TAB: Readonly<Record<GuideSlug, string>> = Object.fromEntries(
  GUIDES.map((guide) => [guide.slug, guide.tab]),
);
