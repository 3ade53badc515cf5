import { createContext, useContext, type ReactNode } from 'react';
import type { ApiPort } from '../api/port';

const ApiContext = createContext<ApiPort | null>(null);

/** The API port for plain reads from components (lists); long flows keep going through sagas. */
export function ApiProvider({ api, children }: { readonly api: ApiPort; readonly children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiPort {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi fuera de ApiProvider');
  return api;
}

/** The API port when a provider gives one (components that may also take the port as a prop). */
export function useOptionalApi(): ApiPort | null {
  return useContext(ApiContext);
}
