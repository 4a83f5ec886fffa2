/** Bootstrap: flags → (lazy) inspector → QueryClient → session → router. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './queryClient';
import { inspectRequested, startInspector, actorOptions } from './inspector';
import { Session } from './machines/session/session.actor';
import { AppRouter } from './views/AppRouter';
import { Snackbars } from './views/ui/Snackbars';
import './index.css';

async function boot() {
  if (inspectRequested()) await startInspector();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Session.Provider options={actorOptions()}>
          <AppRouter />
          <Snackbars />
        </Session.Provider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

void boot();
