/**
 * Renders a documentation guide (docs/guides/*.md, docs/app-settings.md §Screens and routes documentation pages) to HTML with `marked`, then fills in
 * the `{{token}}`s of the app the reader may see (its package or bundle id, postback URLs, service account e-mail…)
 * or, without them, a placeholder saying what goes there. The Markdown is ours; every filled-in value is HTML-escaped,
 * so a name such as `<b>` stays text. Tokens are never placed inside link targets in the guides.
 */
import { Marked } from 'marked';
import { postbackUrlField, type GuideValues, type PostbackUrlField } from '../contracts/documentation';
import { ATTRIBUTION_PARTNERS, POSTBACK_PARTNERS } from '../contracts/partners';

type TokenName = keyof Omit<GuideValues, 'platform'>;

/** What each token becomes without the app's values. */
export const GUIDE_PLACEHOLDERS: Record<TokenName, string> = {
  appName: 'your app',
  workspaceName: 'your workspace',
  packageName: 'your package name or bundle ID',
  appsflyerAppId: 'your AppsFlyer app ID (the package name, or "id" and the App Store ID)',
  serviceAccountEmail: 'the Questboard service account e-mail shown in Configure Connection',
  gcpProject: 'your-gcp-project',
  ...(Object.fromEntries(
    POSTBACK_PARTNERS.map((partner) => {
      const url = ATTRIBUTION_PARTNERS[partner].postbackUrl;
      return [
        postbackUrlField(partner),
        `your app's ${url.name} (shown here once the ${partner} plugin is ${url.ready})`,
      ];
    }),
  ) as Record<PostbackUrlField, string>),
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const marked = new Marked({ gfm: true });

export function renderGuide(markdown: string, values: GuideValues | null): string {
  // A code block or a table scrolls sideways on a narrow screen (never the page): focusable, so the keyboard can
  // scroll it too.
  const html = marked
    .parse(markdown, { async: false })
    .replace(/<pre>/g, '<pre tabindex="0">')
    .replace(/<table>/g, '<div class="guide-table" tabindex="0"><table>')
    .replace(/<\/table>/g, '</table></div>');
  return html.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    if (!(name in GUIDE_PLACEHOLDERS)) return whole;
    const value = values?.[name as TokenName];
    return typeof value === 'string' && value
      ? `<span class="guide-value">${escapeHtml(value)}</span>`
      : `<span class="guide-placeholder">${escapeHtml(GUIDE_PLACEHOLDERS[name as TokenName])}</span>`;
  });
}
