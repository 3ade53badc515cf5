import type { Projection } from '../kernel/projections/projection';
import { roleHistoryProjection } from './role-history/role-history.projection';
import { usersProjection } from './users/users.projection';
import { signUpClaimsProjection } from './users/sign-up-claims.projection';
import { collaboratorsProjection } from './collaborators/collaborators.projection';
import { projectDetailProjection } from './project-detail/project-detail.projection';
import { featuredProjection } from './featured/featured.projection';
import { favoritesProjection } from './favorites/favorites.projection';
import { quotesProjection } from './quotes/quotes.projection';
import { reservationsProjection } from './reservations/reservations.projection';
import { leadsProjection } from './leads/leads.projection';
import { ufValuesProjection } from './uf-values/uf-values.projection';
import { campaignsProjection } from './campaigns/campaigns.projection';
import { projectImportsProjection } from './project-imports/project-imports.projection';
import { collaboratorImportsProjection } from './collaborator-imports/collaborator-imports.projection';
import { alertsProjection } from './alerts/alerts.projection';
import { dataRequestsProjection } from './data-requests/data-requests.projection';
import { siteContentProjection } from './site-content/site-content.projection';
import { companiesProjection } from './companies/companies.projection';
import { companyRegistrationsProjection } from './company-registrations/company-registrations.projection';
import { paymentsLedgerProjection } from './payments-ledger/payments-ledger.projection';
import { notificationsProjection } from './notifications/notifications.projection';
import { outgoingMailsProjection } from './mail/outgoing-mails.projection';
import { notificationPreferencesProjection } from './notifications/notification-preferences.projection';
import { salesAnalyticsProjection } from './sales-analytics/sales-analytics.projection';
import { catalogProjection } from './catalog/catalog.projection';

/** Every read model the API queries. Each keeps its own checkpoint. */
export const ALL_PROJECTIONS: readonly Projection[] = [
  projectImportsProjection,
  collaboratorImportsProjection,
  usersProjection,
  signUpClaimsProjection,
  roleHistoryProjection,
  collaboratorsProjection,
  projectDetailProjection,
  featuredProjection,
  favoritesProjection,
  quotesProjection,
  reservationsProjection,
  leadsProjection,
  ufValuesProjection,
  campaignsProjection,
  alertsProjection,
  dataRequestsProjection,
  siteContentProjection,
  companiesProjection,
  companyRegistrationsProjection,
  notificationsProjection,
  outgoingMailsProjection,
  notificationPreferencesProjection,
  paymentsLedgerProjection,
  salesAnalyticsProjection,
  catalogProjection,
];
