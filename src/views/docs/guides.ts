/**
 * The guides' Markdown (docs/guides/*.md), each its own chunk loaded when its page opens (`?raw`: the text as is).
 * Vite needs literal import paths, hence one line per guide.
 */
import type { GuideSlug } from '../../contracts/documentation';

const loaders: Record<GuideSlug, () => Promise<{ default: string }>> = {
  questboard_overview: () => import('../../../docs/guides/questboard_overview.md?raw'),
  bigquery_integration: () => import('../../../docs/guides/bigquery_integration.md?raw'),
  firebase_integration: () => import('../../../docs/guides/firebase_integration.md?raw'),
  appsflyer_integration: () => import('../../../docs/guides/appsflyer_integration.md?raw'),
  adjust_integration: () => import('../../../docs/guides/adjust_integration.md?raw'),
};

export const loadGuide = async (slug: GuideSlug): Promise<string> => (await loaders[slug]()).default;

/** The integrations tab a guide belongs to (the page's way back), by its slug. */
export const GUIDE_TAB: Record<GuideSlug, string> = {
  questboard_overview: 'Overview',
  bigquery_integration: 'BigQuery',
  firebase_integration: 'Firebase',
  appsflyer_integration: 'AppsFlyer',
  adjust_integration: 'Adjust',
};
