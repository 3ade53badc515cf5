import type { DomainEvent } from '../shared/event';

/**
 * Project page views, counted in memory and recorded as one event per interval per API instance (stream
 * `pageviews-<instance>`), so a buyer's page view never waits for an fsync (application/analytics/page-view-counter.ts).
 */
export type PageViewEvent = DomainEvent<'ProjectPageViewsCounted', { counts: Record<string, number>; from: string; to: string }>;

export const pageViewsStream = (instanceId: string): string => `pageviews-${instanceId}`;
