/**
 * Mounts the flow panel (?inspect=1 only) in its own React root at the end of <body>, beside the app's root, so
 * it stays usable when the app's tree fails.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { InspectorPanel, type InspectorPanelProps } from './InspectorPanel';

export function mountInspectorPanel(props: InspectorPanelProps) {
  const host = document.createElement('div');
  host.id = 'flow-inspector';
  document.body.append(host);
  createRoot(host).render(
    <StrictMode>
      <InspectorPanel {...props} />
    </StrictMode>,
  );
}
