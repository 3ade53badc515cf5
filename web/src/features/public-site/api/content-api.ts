import { useCallback, useEffect, useRef, useState } from 'react';
import type { HomeContent, LegalDocument, LegalDocumentKind } from '../../../../../contract/content';
import type { ApiPort } from '../../../shared/api/port';
import { toApiErrorBody } from '../../../shared/api/errors';
import { useApi } from '../../../shared/kit/api-context';
import { useFirstRead } from '../../../shared/kit/FirstReadsProvider';

export const fetchHomeContent = async (api: ApiPort): Promise<HomeContent> => (await api.request<HomeContent>({ method: 'GET', path: '/content/home' })).data;

export const fetchLegalDocument = async (api: ApiPort, kind: LegalDocumentKind): Promise<LegalDocument> =>
  (await api.request<LegalDocument>({ method: 'GET', path: `/content/${kind}` })).data;

export type Loaded<T> = { status: 'loading' } | { status: 'loaded'; data: T } | { status: 'failed'; message: string };

/**
 * One read from the server for a public page, with its retry. A server-rendered page's first render has the
 * answer already (useFirstRead): no "loading" in place of the server's markup, no second read.
 */
export function useLoaded<T>(load: (api: ApiPort) => Promise<T>): Loaded<T> & { reload: () => void } {
  const api = useApi();
  const first = useFirstRead(load, api);
  const [state, setState] = useState<Loaded<T>>(first ?? { status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const answered = useRef(first !== null);
  useEffect(() => {
    if (answered.current) {
      answered.current = false;
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    load(api).then(
      (data) => live && setState({ status: 'loaded', data }),
      (error: unknown) => live && setState({ status: 'failed', message: toApiErrorBody(error).message }),
    );
    return () => {
      live = false;
    };
    // `load` is a module-level function at every call site, so it is left out; `attempt` re-runs it on retry.
  }, [api, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
