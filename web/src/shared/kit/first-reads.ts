import type { ApiPort } from '../api/port';
import { toApiErrorBody } from '../api/errors';

/** A read's outcome, never a rejection: the page shows a failure as it would after loading. */
export type FirstRead<T> = { status: 'loaded'; data: T } | { status: 'failed'; message: string };

type Load<T> = (api: ApiPort) => Promise<T>;

/**
 * The reads a server-rendered page's first render waits for (useLoaded's). On the server the rendering waits
 * for them, so the HTML carries their content; in the browser the page hydrates with the same content
 * (answered from the page's recorded answers, web/src/shared/api/preloaded-answers.ts) instead of showing
 * "loading" over the server's markup. Once the visitor navigates, pages load as usual.
 */
export interface FirstReads {
  read<T>(load: Load<T>, api: ApiPort): Promise<FirstRead<T>> | null;
  /** The first screen is over (the visitor navigated): later reads load as usual. */
  close(): void;
}

export const createFirstReads = (): FirstReads => {
  const reads = new Map<Load<unknown>, Promise<FirstRead<unknown>>>();
  let open = true;
  return {
    read<T>(load: Load<T>, api: ApiPort) {
      if (!open) return null;
      let read = reads.get(load as Load<unknown>);
      if (!read) {
        read = load(api).then(
          (data): FirstRead<unknown> => ({ status: 'loaded', data }),
          (error: unknown): FirstRead<unknown> => ({ status: 'failed', message: toApiErrorBody(error).message }),
        );
        reads.set(load as Load<unknown>, read);
      }
      return read as Promise<FirstRead<T>>;
    },
    close() {
      open = false;
      reads.clear();
    },
  };
};
