import { CHUNK_RELOAD_DELAY_MS } from '../config/constants';
import type { KeyValueStorage } from './session-persistence';

/** A lazily loaded chunk that fails after a deploy is fixed by one reload per browser session (spec §4). */
export const CHUNK_RELOAD_KEY = 'chunk-reload-attempted';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk [\w-]+ failed|ChunkLoadError/i;

export const isChunkLoadError = (error: unknown): boolean => {
  if (!error || typeof error !== 'object') return typeof error === 'string' && CHUNK_ERROR.test(error);
  const { name, message } = error as { name?: unknown; message?: unknown };
  return name === 'ChunkLoadError' || (typeof message === 'string' && CHUNK_ERROR.test(message));
};

export interface ReloadOnceOptions {
  readonly storage: KeyValueStorage | null;
  readonly reload: () => void;
  readonly schedule?: (fn: () => void, ms: number) => unknown;
  readonly delayMs?: number;
}

/** Schedules the reload and returns true, or returns false when this session already tried once. */
export const reloadOncePerSession = ({ storage, reload, schedule = setTimeout, delayMs = CHUNK_RELOAD_DELAY_MS }: ReloadOnceOptions): boolean => {
  try {
    if (storage?.getItem(CHUNK_RELOAD_KEY)) return false;
    storage?.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  } catch {
    return false;
  }
  schedule(reload, delayMs);
  return true;
};
