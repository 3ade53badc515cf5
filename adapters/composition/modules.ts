import type { Bind, Container, ResolutionContext } from 'inversify';
import type { AppConfig } from '../../application/config';
import type { EventHandler } from '../../kernel/projections/event-handler';
import { accountsBindings } from './accounts.bindings';
import { alertsBindings } from './alerts.bindings';
import { analyticsBindings } from './analytics.bindings';
import { backofficeBindings } from './backoffice.bindings';
import { companiesBindings } from './companies.bindings';
import { notificationsBindings } from './notifications.bindings';
import { platformBindings } from './platform.bindings';
import { catalogBindings } from './catalog.bindings';
import { financingBindings } from './financing.bindings';
import { leadsBindings } from './leads.bindings';
import type { Log, ModuleBindings } from './module-bindings';
import { personalDataBindings } from './personal-data.bindings';
import { quotesBindings } from './quotes.bindings';
import { reservationsBindings } from './reservations.bindings';
import { staffNoticesBindings } from './staff-notices.bindings';

/**
 * Every application module's bindings, mode-independent; seeds and starts run in this order (parameters before the
 * demo catalogue), stops in the reverse one (the platform's mail delivery last).
 */
const MODULES: readonly ModuleBindings[] = [
  platformBindings,
  accountsBindings,
  financingBindings,
  catalogBindings,
  leadsBindings,
  alertsBindings,
  quotesBindings,
  reservationsBindings,
  personalDataBindings,
  staffNoticesBindings,
  companiesBindings,
  notificationsBindings,
  analyticsBindings,
  backofficeBindings,
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

/** The modules' workers and timers (mail delivery, hold expiry, retention sweeps, reminders...), stopped in reverse. */
export const startModules = (container: Container, config: AppConfig, log: Log): { stop(): Promise<void> } => {
  const started = MODULES.flatMap((module) => (module.start ? [module.start(container, config, log)] : []));
  return {
    stop: async () => {
      for (const timer of started.reverse()) await timer.stop();
    },
  };
};

/** Once the platform is ready: what each module resumes (imports cut short). */
export const afterReadyModules = async (container: Container, config: AppConfig, log: Log): Promise<void> => {
  for (const module of MODULES) await module.afterReady?.(container, config, log);
};
