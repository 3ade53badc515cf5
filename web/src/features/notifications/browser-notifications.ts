import type { NotificationItem, NotificationPreferencesView } from '../../../../contract/notifications';
import { inQuietHours } from '../../../../domain/shared/quiet-hours';

/**
 * The browser's side of notifications: the Notification API's permission (spec §4: default = "no
 * configurado", granted, denied), alerts shown by the open tab, and the Web Push subscription through the
 * service worker (/sw.js). Messages of spec §8 "browser notification errors".
 */
export type BrowserPermission = 'unsupported' | 'default' | 'granted' | 'denied';

export const PERMISSION_LABEL: Record<BrowserPermission, string> = {
  unsupported: 'No disponible en este navegador',
  default: 'No configurado',
  granted: 'Permitidas',
  denied: 'Bloqueadas',
};

export const BROWSER_NOTIFICATION_ERRORS = {
  initialization: 'No se pudieron inicializar las notificaciones del navegador. Recargue la página e intente nuevamente.',
  permission: 'El navegador no permite mostrar notificaciones. Habilítelas en la configuración del sitio de su navegador.',
  subscription: 'No se pudo activar la suscripción a notificaciones push. Intente nuevamente.',
  unsubscription: 'No se pudo cancelar la suscripción a notificaciones push. Intente nuevamente.',
  serverRegistration: 'No se pudo registrar la suscripción en el servidor. Intente más tarde.',
} as const;

export class BrowserNotificationError extends Error {
  constructor(readonly kind: keyof typeof BROWSER_NOTIFICATION_ERRORS) {
    super(BROWSER_NOTIFICATION_ERRORS[kind]);
    this.name = 'BrowserNotificationError';
  }
}

export const browserPermission = (): BrowserPermission => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

/** Asks once (the browser remembers the answer); a refusal is an error with the spec's message. */
export const requestBrowserPermission = async (): Promise<BrowserPermission> => {
  if (typeof Notification === 'undefined') throw new BrowserNotificationError('initialization');
  const answer = await Notification.requestPermission();
  if (answer !== 'granted') throw new BrowserNotificationError('permission');
  return answer;
};

/** Whether the open tab should alert about this notification now (the preferences of the browser channel). */
export const shouldAlert = (preferences: NotificationPreferencesView, item: NotificationItem, now = new Date()): boolean =>
  preferences.channels.browser && preferences.categories[item.category] && (item.priority === 'urgent' || !inQuietHours(preferences.quietHours, now));

export const showBrowserNotification = (item: NotificationItem): void => {
  if (browserPermission() !== 'granted') return;
  const shown = new Notification(item.title, { body: item.body, tag: item.id, lang: 'es-CL' });
  shown.onclick = () => {
    window.focus();
    if (item.link) window.location.assign(item.link);
    shown.close();
  };
};

const base64UrlToBytes = (value: string): Uint8Array<ArrayBuffer> => {
  const padded = `${value}${'='.repeat((4 - (value.length % 4)) % 4)}`.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
};

const registration = async (): Promise<ServiceWorkerRegistration> => {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) throw new BrowserNotificationError('initialization');
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    return await navigator.serviceWorker.ready;
  } catch {
    throw new BrowserNotificationError('initialization');
  }
};

/** Subscribes this browser to Web Push with the server's VAPID key; `register` hands the subscription to the server. */
export const subscribeToPush = async (publicKey: string, register: (subscription: PushSubscriptionJSON) => Promise<void>): Promise<void> => {
  if (browserPermission() !== 'granted') await requestBrowserPermission();
  const worker = await registration();
  let subscription: PushSubscription;
  try {
    subscription =
      (await worker.pushManager.getSubscription()) ??
      (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) }));
  } catch {
    throw new BrowserNotificationError('subscription');
  }
  try {
    await register(subscription.toJSON());
  } catch {
    throw new BrowserNotificationError('serverRegistration');
  }
};

/** Ends this browser's push subscription, here and on the server. */
export const unsubscribeFromPush = async (forget: (endpoint: string) => Promise<void>): Promise<void> => {
  if (!('serviceWorker' in navigator)) return;
  try {
    const worker = await navigator.serviceWorker.getRegistration('/');
    const subscription = await worker?.pushManager.getSubscription();
    if (!subscription) return;
    await forget(subscription.endpoint);
    await subscription.unsubscribe();
  } catch {
    throw new BrowserNotificationError('unsubscription');
  }
};

/**
 * Called by the bell (through a dynamic import, so the header stays light) with the notifications that just
 * arrived: shows those the person's browser-channel preferences allow.
 */
export const alertInBrowser = async (items: readonly NotificationItem[], preferences: () => Promise<NotificationPreferencesView>): Promise<void> => {
  if (browserPermission() !== 'granted' || items.length === 0) return;
  const prefs = await preferences();
  for (const item of items) if (shouldAlert(prefs, item)) showBrowserNotification(item);
};
