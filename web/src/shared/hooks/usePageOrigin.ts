import { useSyncExternalStore } from 'react';

const unchanging = () => () => undefined;

/**
 * The site's origin (https://host) for links people copy. The server's rendering has no window: it writes the
 * link without the origin, and hydration puts the browser's in (useSyncExternalStore's server snapshot).
 */
export const usePageOrigin = (): string =>
  useSyncExternalStore(
    unchanging,
    () => window.location.origin,
    () => '',
  );
