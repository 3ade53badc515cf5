import { CATALOG_INDEX } from '../../read-models/catalog/catalog-index';
import type { Bind, Container, ResolutionContext } from 'inversify';
import { ALERTS } from '../../application/alerts/alerts.tokens';
import { CATALOG } from '../../application/catalog/catalog.tokens';
import type { AppConfig } from '../../application/config';
import { FINANCING } from '../../application/financing/financing.tokens';
import { LEADS } from '../../application/leads/leads.tokens';
import { resolve } from '../../kernel/ports/token';
import { TOKENS } from '../../kernel/ports/tokens';
import type { EventHandler } from '../../kernel/projections/event-handler';
import { QUOTES } from '../../application/quotes/quotes.tokens';
import { RESERVATIONS } from '../../application/reservations/reservations.tokens';
import type { JourneyDeps } from '../http/deps';
import { SandboxWebpayGateway } from '../payments/sandbox-webpay-gateway';
import { accountsBindings } from './accounts.bindings';
import { alertsBindings } from './alerts.bindings';
import { catalogBindings } from './catalog.bindings';
import { financingBindings } from './financing.bindings';
import { leadsBindings } from './leads.bindings';
import type { Log, ModuleBindings } from './module-bindings';
import { personalDataBindings } from './personal-data.bindings';
import { quotesBindings } from './quotes.bindings';
import { reservationsBindings } from './reservations.bindings';
import { staffNoticesBindings } from './staff-notices.bindings';

/** Every application module's bindings, mode-independent; seeds run in this order (parameters before the demo catalogue). */
const MODULES: readonly ModuleBindings[] = [
  accountsBindings,
  financingBindings,
  catalogBindings,
  leadsBindings,
  alertsBindings,
  quotesBindings,
  reservationsBindings,
  personalDataBindings,
  staffNoticesBindings,
];

export const bindModules = (bind: Bind, config: AppConfig, log: Log): void => {
  for (const module of MODULES) module.bind(bind, config, log);
};

/** The process managers of every module, run by the read side beside the projections. */
export const moduleHandlers = (ctx: ResolutionContext, log: Log): EventHandler[] => MODULES.flatMap((module) => module.handlers?.(ctx, log) ?? []);

/** Before the read side starts: what each module seeds (financial parameters; the demo catalogue when asked for). */
export const seedModules = async (container: Container, config: AppConfig, log: Log): Promise<void> => {
  for (const module of MODULES) await module.seed?.(container, config, log);
};

/** The modules' timers (hold expiry, retention sweeps, reminders). */
export const startModules = (container: Container, config: AppConfig): { stop(): Promise<void> } => {
  const started = MODULES.flatMap((module) => (module.start ? [module.start(container, config)] : []));
  return {
    stop: async () => {
      for (const timer of started) await timer.stop();
    },
  };
};

/** The buyer-facing modules' use cases as the HTTP routes take them. */
export const buyerHttpDeps = (container: Container): JourneyDeps => {
  const gateway = resolve(container, TOKENS.PaymentGateway);
  return {
    territory: resolve(container, CATALOG.Territory),
    catalog: resolve(container, CATALOG.Catalog),
    catalogIndex: resolve(container, CATALOG_INDEX),
    favorites: resolve(container, CATALOG.Favorites),
    alerts: resolve(container, ALERTS.Alerts),
    uf: resolve(container, FINANCING.Uf),
    financing: resolve(container, FINANCING.Financing),
    financialParameters: resolve(container, FINANCING.FinancialParameters),
    leads: resolve(container, LEADS.Leads),
    quotes: resolve(container, QUOTES.Quotes),
    reservations: resolve(container, RESERVATIONS.Reservations),
    receipts: resolve(container, RESERVATIONS.Receipts),
    reservationTerms: resolve(container, RESERVATIONS.Terms),
    reservationDesk: resolve(container, RESERVATIONS.Desk),
    sandbox: gateway instanceof SandboxWebpayGateway ? gateway : undefined,
  };
};
