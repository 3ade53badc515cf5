import { useCallback, useEffect, useRef, useState } from 'react';
import { toApiErrorBody } from '../api/errors';
import { fileProblem, type UploadRule } from './upload-rules';

/** Sends one file: reports the bytes sent and stops when the signal aborts (ApiPort.upload does both). */
export type SendFile<T> = (file: File, onProgress: (sent: number, total: number) => void, signal: AbortSignal) => Promise<T>;

export interface UploadProgress {
  readonly name: string;
  readonly sent: number;
  readonly total: number;
}

export const CANCELLED_MESSAGE = 'Carga cancelada.';

/** The words for a failed upload: cancelled, or the server's first field message, or its message. */
export const uploadErrorMessage = (caught: unknown): string => {
  if (caught instanceof DOMException && caught.name === 'AbortError') return CANCELLED_MESSAGE;
  const body = toApiErrorBody(caught);
  return body.fieldErrors[0]?.message ?? body.message;
};

/**
 * One upload at a time: the rule is checked first (nothing is sent when it fails), then the file goes with
 * a real progress (the XHR's), cancellable; leaving the screen cancels it.
 */
export function useUpload() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(async <T>(file: File, rule: UploadRule, send: SendFile<T>): Promise<{ value: T } | null> => {
    const problem = fileProblem(file, rule);
    setError(problem);
    if (problem) return null;
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ name: file.name, sent: 0, total: file.size });
    try {
      return { value: await send(file, (sent, total) => setProgress({ name: file.name, sent, total: total || file.size }), controller.signal) };
    } catch (caught) {
      setError(uploadErrorMessage(caught));
      return null;
    } finally {
      if (abort.current === controller) abort.current = null;
      setProgress(null);
    }
  }, []);
  const cancel = useCallback(() => abort.current?.abort(), []);
  return { progress, error, setError, start, cancel, busy: progress !== null };
}
