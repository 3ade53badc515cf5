import { createContext, use, useContext, type ReactNode } from 'react';
import type { ApiPort } from '../api/port';
import type { FirstRead, FirstReads } from './first-reads';

const FirstReadsContext = createContext<FirstReads | null>(null);

export function FirstReadsProvider({ reads, children }: { readonly reads: FirstReads | null; readonly children: ReactNode }) {
  return <FirstReadsContext.Provider value={reads}>{children}</FirstReadsContext.Provider>;
}

/** The read's outcome when the page renders on the server or hydrates (suspending until it is known), else null. */
export function useFirstRead<T>(load: (api: ApiPort) => Promise<T>, api: ApiPort): FirstRead<T> | null {
  const reads = useContext(FirstReadsContext);
  const read = reads?.read(load, api) ?? null;
  return read ? use(read) : null;
}
