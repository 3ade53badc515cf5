import { createSessionPersistence, type SessionPersistence } from './session-persistence';

/** Browser binding (sessionStorage, document.cookie); imported only by the composition root. */
export const browserSessionPersistence = (): SessionPersistence =>
  createSessionPersistence(typeof window !== 'undefined' ? window.sessionStorage : null, (cookie) => {
    if (typeof document !== 'undefined') document.cookie = cookie;
  });
