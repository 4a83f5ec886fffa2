/**
 * Helpers for the analytics server tests: a test server whose ctx.providers.analytics is a small in-memory event
 * store with generated events for the demo BigQuery apps (Dragon Merge on Android and iOS), their BigQuery plugins
 * marked as having that data (so Analyze is enabled for them, as on a first start), and report builders.
 */
import type { Report } from '../../src/contracts/analyze';
import { openAnalytics, type AnalyticsEngine, type AnalyticsOptions } from '../../server/analytics/index';
import { DEMO_APP_IDS, markAnalyticsData } from '../../server/demo/seed';
import { createTestServer, type TestServer, type TestServerOptions } from './helpers';

export const ANALYTICS_END = '2025-06-30';
export const ANALYTICS_START = '2025-05-22'; // 40 days

export interface AnalyticsTestServer extends TestServer {
  analytics: AnalyticsEngine;
}

export async function createAnalyticsTestServer(
  options: TestServerOptions & { analytics?: AnalyticsOptions } = {},
): Promise<AnalyticsTestServer> {
  const analytics = await openAnalytics({ threads: 2, ...options.analytics });
  try {
    await analytics.generate({
      appId: DEMO_APP_IDS.dragonMergeAndroid,
      days: 40,
      events: 12_000,
      seed: 21,
      endDate: ANALYTICS_END,
      platforms: ['ANDROID'],
    });
    await analytics.generate({
      appId: DEMO_APP_IDS.dragonMergeIos,
      days: 40,
      events: 6_000,
      seed: 22,
      endDate: ANALYTICS_END,
      platforms: ['IOS'],
    });
    const server = await createTestServer({ ...options, providers: { ...options.providers, analytics } });
    await markAnalyticsData(server.db, { start: ANALYTICS_START, end: ANALYTICS_END }).catch(async (error: unknown) => {
      await server.close();
      throw error;
    });
    return {
      ...server,
      analytics,
      async close() {
        await server.close();
        await analytics.close();
      },
    };
  } catch (error) {
    await analytics.close();
    throw error;
  }
}

export const column = (column_name: string) => ({
  column_name,
  id: column_name,
  data_type: 'FLOAT64' as const,
  format: 'decimal',
});

export function dailyReport(metrics: string[], groupBy: string, extra: Partial<Report['configuration']> = {}): Report {
  return {
    model_id: 'daily_metrics',
    configuration: {
      select: metrics.map(column),
      group_by: [{ column_name: groupBy, data_type: 'STRING', sample_value: null }],
      date_range: [{ date_start: '2025-06-01', date_end: ANALYTICS_END, model_id: 'daily_metrics' }],
      limit: [{ value: 1000 }],
      order_by: [],
      where: [],
      ...extra,
    },
  };
}
