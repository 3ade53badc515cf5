import { useEffect, useState } from 'react';
import { toApiErrorBody } from '../../../shared/api/errors';
import { useApi } from '../../../shared/kit/api-context';
import { fetchProjectImport, type ImportStatus } from '../api/catalog-media-api';
import { importFinished } from '../model/import-report';

const POLL_MS = 700;

/** Follows a bulk upload by polling GET /project-imports/{id} until it is completed, failed or cancelled. */
export function useImportWatch(id: string | null) {
  const api = useApi();
  const [status, setStatus] = useState<ImportStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    setStatus(null);
    setError(null);
  }, [id]);
  useEffect(() => {
    if (!id) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = () =>
      fetchProjectImport(api, id).then(
        (s) => {
          if (stopped) return;
          setStatus(s);
          setError(null);
          if (!importFinished(s.status)) timer = setTimeout(poll, POLL_MS);
        },
        (e: unknown) => {
          if (stopped) return;
          setError(toApiErrorBody(e).message);
          timer = setTimeout(poll, POLL_MS * 3);
        },
      );
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, id, tick]);
  return { status, error, refresh: () => setTick((t) => t + 1) };
}
