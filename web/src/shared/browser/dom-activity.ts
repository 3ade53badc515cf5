import type { ActivitySource } from './activity';

// Browser binding (window events, localStorage); imported only by the composition root.

const EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'wheel', 'touchstart'] as const;
const SHARED_KEY = 'vivienda-last-activity';
const SHARE_EVERY_MS = 5_000;

export const browserActivitySource = (throttleMs = 1_000): ActivitySource => {
  let lastShared = 0;
  const share = (now: number) => {
    if (now - lastShared < SHARE_EVERY_MS) return;
    lastShared = now;
    try {
      window.localStorage.setItem(SHARED_KEY, String(now));
    } catch {
      // Without storage each tab keeps its own clock.
    }
  };
  return {
    subscribe(listener) {
      let last = 0;
      const onActivity = () => {
        const now = Date.now();
        if (now - last < throttleMs) return;
        last = now;
        share(now);
        listener();
      };
      const options = { passive: true, capture: true } as const;
      EVENTS.forEach((name) => window.addEventListener(name, onActivity, options));
      return () => EVENTS.forEach((name) => window.removeEventListener(name, onActivity, options));
    },
    lastActiveAt() {
      try {
        const value = Number(window.localStorage.getItem(SHARED_KEY));
        return Number.isFinite(value) && value > 0 ? value : null;
      } catch {
        return null;
      }
    },
  };
};
