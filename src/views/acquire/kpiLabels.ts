/** How each target KPI reads on the Target tab. */
import type { TargetKpi } from '../../contracts/acquire';

export const KPI_LABELS: Record<TargetKpi, string> = {
  roas_d7: 'ROAS D7 (%)',
  retention_d1: 'Retention D1 (%)',
  retention_d7: 'Retention D7 (%)',
  playtime: 'Playtime (minutes)',
};
