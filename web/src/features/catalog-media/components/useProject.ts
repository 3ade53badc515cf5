import { useCallback, useEffect, useState } from 'react';
import { toApiErrorBody } from '../../../shared/api/errors';
import { useApi } from '../../../shared/kit/api-context';
import { fetchProject, type BackofficeProject } from '../api/catalog-media-api';

export type ProjectState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; project: BackofficeProject };

/** The project as the back office edits it; `reload` reads it again (read-your-writes after a change). */
export function useProject(projectId: string) {
  const api = useApi();
  const [state, setState] = useState<ProjectState>({ status: 'loading' });
  const reload = useCallback(
    () =>
      fetchProject(api, projectId).then(
        (project) => setState({ status: 'loaded', project }),
        (error: unknown) => setState((s) => (s.status === 'loaded' ? s : { status: 'failed', message: toApiErrorBody(error).message })),
      ),
    [api, projectId],
  );
  useEffect(() => {
    setState({ status: 'loading' });
    void reload();
  }, [reload]);
  return { state, reload };
}
