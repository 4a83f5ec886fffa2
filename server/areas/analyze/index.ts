/**
 * Analyze (docs/analyze.md): the data models and their metrics, report runs compiled for the analytics engine, and
 * saved reports.
 * This file is the area's only door (docs/architecture.md §Areas and their doors): other areas, server/areas.ts and
 * the demo import what is named here, nothing else of the folder.
 */
export { listModels, modelConfig } from './analyze';
export { analyticsMigrations } from './migrations';
export { analyzeRoutes } from './routes';
export { dashboardDigest, digestTargetTitle, reportDigest } from './digest-data';
export type { DigestContent, DigestTable } from './digest-data';
export { metricSeries, newestDay, reportMetrics, savedReportOf } from './metric-series';
