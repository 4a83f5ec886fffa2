/**
 * The browser tab's title: the page's title from the route table (src/routes.ts), then what it belongs to,
 * most specific first, then the product: "Team · Demo Studio · Questboard", "Reports · Pixel Racer · Demo Studio ·
 * Questboard", "Sign in · Questboard".
 */
import { useEffect } from 'react';

export const PRODUCT_NAME = 'Questboard';

export const documentTitle = (...parts: (string | null | undefined)[]) =>
  [...parts, PRODUCT_NAME].filter(Boolean).join(' · ');

export function DocumentTitle({ parts }: { parts: (string | null | undefined)[] }) {
  const title = documentTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
