import { randomUUID } from 'node:crypto';
import { ANALYTICS } from '../../application/analytics/analytics.tokens';
import { PageViewCounter } from '../../application/analytics/page-view-counter';
import { LEADS } from '../../application/leads/leads.tokens';
import { resolve } from '../../kernel/ports/token';
import { TOKENS } from '../../kernel/ports/tokens';
import type { ModuleBindings } from './module-bindings';

/** How often the page views counted in memory are recorded (one event per interval). */
const PAGE_VIEWS_FLUSH_MS = 10_000;

/** Analytics: project page views, counted in memory and recorded once per interval (a signed-in buyer's also as lead activity). */
export const analyticsBindings: ModuleBindings = {
  name: 'analytics',
  bind(bind, _config, log) {
    bind(ANALYTICS.PageViews)
      .toDynamicValue((ctx) => {
        const clock = resolve(ctx, TOKENS.Clock);
        const leads = resolve(ctx, LEADS.Leads);
        return new PageViewCounter(
          resolve(ctx, TOKENS.EventStore),
          randomUUID(),
          () => clock.now(),
          log,
          (buyer, projectId, meta) =>
            leads.recordForBuyer(buyer, { activityId: `visit:${projectId}:${meta.now.toISOString().slice(0, 10)}`, kind: 'website_visit', projectId }, meta),
        );
      })
      .inSingletonScope();
  },
  start(container) {
    const pageViews = resolve(container, ANALYTICS.PageViews);
    pageViews.start(PAGE_VIEWS_FLUSH_MS);
    return { stop: () => pageViews.stop() };
  },
};
