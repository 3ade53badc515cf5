import { useCallback, useEffect, useState } from 'react';
import type { BackofficeProject } from '../../../../../contract/catalog-admin';
import { toApiErrorBody } from '../../../shared/api/errors';
import { useApi } from '../../../shared/kit/api-context';
import { fetchProject } from '../api/catalog-admin-api';

export type ProjectState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; project: BackofficeProject };

/** One project as its screens edit it; `reload` reads it again (the previous copy stays shown meanwhile). */
export function useProject(projectId: string) {
  const api = useApi();
  const [state, setState] = useState<ProjectState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    fetchProject(api, projectId).then(
      (project) => live && setState({ status: 'loaded', project }),
      (error: unknown) => live && setState({ status: 'failed', message: toApiErrorBody(error).message }),
    );
    return () => {
      live = false;
    };
  }, [api, projectId, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
