import './shared/validation/zod-without-eval';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { bootstrap, type ServerRenderedState } from './app/bootstrap';
import { initialThemeState, themeStoredChoiceSynced } from './features/theme/slice';
import { browserThemeEnvironment } from './features/theme/dom-environment';
import { nextTask } from './shared/browser/next-task';

/** The state a server-rendered page carries (adapters/http/page-rendering.ts), or null for any other page. */
const serverRendered = (): ServerRenderedState | null => {
  const block = document.getElementById('page-state');
  try {
    return block?.textContent ? (JSON.parse(block.textContent) as ServerRenderedState) : null;
  } catch {
    return null;
  }
};

/** Each step its own task (nextTask): the browser paints and answers taps between them. */
const start = async () => {
  const page = serverRendered();
  const container = document.getElementById('root');
  if (!container) throw new Error('Falta el elemento #root en index.html');
  const { store, router, api, firstReads } = await bootstrap(page);
  await nextTask();
  const app = (
    <StrictMode>
      <App store={store} router={router} api={api} firstReads={firstReads} />
    </StrictMode>
  );

  // In a transition, React renders in slices that leave the main thread free (taps answered, no long task) instead
  // of one block, on a slow phone the difference between a page that responds and one that freezes for seconds.
  startTransition(() => {
    if (!page) {
      createRoot(container).render(app);
      return;
    }
    // The server drew the page as an anonymous visitor in the light theme sees it: React takes that markup over
    // (a difference, e.g. a signed-in visitor's header, is simply drawn again), then the visitor's theme applies.
    hydrateRoot(container, app, { onRecoverableError: () => undefined });
    const env = browserThemeEnvironment();
    if (initialThemeState(env).mode !== store.getState().theme.mode)
      store.dispatch(themeStoredChoiceSynced({ stored: env.readStored(), system: env.systemMode() }));
  });
};

void start();
