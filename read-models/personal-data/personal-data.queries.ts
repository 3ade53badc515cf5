/**
 * Where personal data sits in the read models: the collections the data export reads and the erasure
 * scrubs (application/personal-data imports them from here, never from a projection file).
 */
export { ALERTS } from '../alerts/alerts.projection';
export { COLLABORATORS } from '../collaborators/collaborators.projection';
export { DATA_REQUESTS } from '../data-requests/data-requests.projection';
export { FAVORITES } from '../favorites/favorites.projection';
export { LEADS, LEAD_DAYS, LEAD_DAY_ROWS, LEAD_ACTIVITIES, leadActivities, shredActivityMessages } from '../leads/leads.projection';
export { QUOTES } from '../quotes/quotes.projection';
export { RESERVATIONS } from '../reservations/reservations.projection';
export { PAYMENTS_LEDGER, PAYMENTS_LEDGER_RESERVATIONS } from '../payments-ledger/payments-ledger.projection';
export { ROLE_CHANGES } from '../role-history/role-change-doc';
export { USERS, type UserDoc } from '../users/user-doc';
export { NOTIFICATIONS } from '../notifications/notifications.projection';
export { NOTIFICATION_PREFERENCES } from '../notifications/notification-preferences.projection';
export { SALES_REFS } from '../sales-analytics/sales-analytics.projection';
