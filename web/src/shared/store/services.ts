import { getContext } from 'redux-saga/effects';
import type { ApiPort } from '../api/port';
import type { SessionExpiryHandler } from '../api/session-expiry';
import type { ActivitySource } from '../browser/activity';
import type { CrossTabChannel } from '../browser/cross-tab';
import type { PaymentRedirect } from '../browser/payment-redirect';
import type { SessionPersistence } from '../browser/session-persistence';

/** What sagas need from the outside world, injected as saga context (fakes in tests). */
export interface AppServices {
  readonly api: ApiPort;
  readonly navigate: (to: string, options?: { replace?: boolean }) => void;
  readonly currentPath: () => string;
  readonly now: () => number;
  readonly sessionPersistence: SessionPersistence;
  readonly sessionExpiry: SessionExpiryHandler;
  readonly crossTab: CrossTabChannel;
  readonly activity: ActivitySource;
  /** Leaves the app for the payment gateway's page (Webpay Plus: a form post of token_ws). */
  readonly redirectToGateway: PaymentRedirect;
}

export const SERVICES = 'services';

/** `const services: AppServices = yield getServices();` */
export const getServices = () => getContext(SERVICES);
