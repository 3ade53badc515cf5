import { isCrossTabMessage, type CrossTabChannel } from './cross-tab';

// Browser binding; imported only by the composition root.

const CHANNEL_NAME = 'vivienda-session';
const STORAGE_KEY = 'vivienda-session-event';

/** BroadcastChannel where available, else the `storage` event of localStorage (never delivered to the sender). */
export const createBrowserCrossTabChannel = (): CrossTabChannel => {
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(CHANNEL_NAME);
    return {
      post: (type) => channel.postMessage({ type, at: Date.now() }),
      subscribe(listener) {
        const onMessage = (event: MessageEvent) => {
          if (isCrossTabMessage(event.data)) listener(event.data);
        };
        channel.addEventListener('message', onMessage);
        return () => channel.removeEventListener('message', onMessage);
      },
    };
  }
  return {
    post(type) {
      try {
        window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ type, at: Date.now() }));
        window.localStorage.removeItem(STORAGE_KEY);
      } catch {
        // No storage: tabs simply do not follow each other.
      }
    },
    subscribe(listener) {
      const onStorage = (event: StorageEvent) => {
        if (event.key !== STORAGE_KEY || !event.newValue) return;
        try {
          const parsed: unknown = JSON.parse(event.newValue);
          if (isCrossTabMessage(parsed)) listener(parsed);
        } catch {
          // Not ours.
        }
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
};
