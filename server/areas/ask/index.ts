/**
 * Ask (docs/ask.md): a publisher's question in plain words, read into a report of Analyze.
 * This file is the area's only door (docs/architecture.md §Areas and their doors): other areas, server/areas.ts and
 * the demo import what is named here, nothing else of the folder.
 */
export { askRoutes } from './routes';
