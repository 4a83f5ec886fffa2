/**
 * React Query reads of the analyze area that belong to no lifecycle (docs/architecture.md §House rules 4): the saved reports of an
 * app and its data models. Views read them here; the report-builder and delete-report flows invalidate
 * `templatesKey(appId)` after a save or a delete.
 */
import { useServerQuery } from '../queryClient';
import { listModels, listTemplates } from './analyze.service';

export const templatesKey = (appId: string) => ['templates', appId] as const;
export const modelsKey = (appId: string) => ['models', appId] as const;

/** The saved reports of an app, newest first. */
export function useTemplates(appId: string | undefined, enabled = true) {
  return useServerQuery({
    queryKey: templatesKey(appId ?? ''),
    queryFn: ({ signal }) => listTemplates(appId!, signal),
    enabled: !!appId && enabled,
  });
}

/** The data models of an app (the Data Model selector). */
export function useModels(appId: string | undefined, enabled = true) {
  return useServerQuery({
    queryKey: modelsKey(appId ?? ''),
    queryFn: ({ signal }) => listModels(appId!, signal),
    enabled: !!appId && enabled,
    staleTime: 5 * 60_000,
  });
}
