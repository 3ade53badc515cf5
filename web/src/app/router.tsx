import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import NotFoundPage from '../features/public-site/pages/NotFoundPage';
import { ToastRegion } from '../features/toasts/components/ToastRegion';
import { LoadingScreen } from '../shared/ui/LoadingScreen';
import { SkipLink } from '../shared/ui/SkipLink';
import { BackofficeFeatures } from './BackofficeFeatures';
import { RedirectIfAuthenticated, RequireAuth, RequirePermission } from './guards';
import { RouteError } from './RouteError';
import { BackofficeShell, BuyerShell, CompanyPortalShell, PublicShell } from './shells/shells';

/* Screens load on demand; a failed chunk download ends in RouteError's one-time reload. */
const LandingPage = lazy(() => import('./pages/LandingPage'));
const BackofficeHomePage = lazy(() => import('./pages/BackofficeHomePage'));
const UserDetailRoute = lazy(() => import('./routes/UserDetailRoute'));
const SignInPage = lazy(() => import('../features/auth/pages/SignInPage'));
const SignUpPage = lazy(() => import('../features/auth/pages/SignUpPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/pages/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/ResetPasswordPage'));
const SetPasswordPage = lazy(() => import('../features/auth/pages/SetPasswordPage'));
const VerifyEmailPage = lazy(() => import('../features/auth/pages/VerifyEmailPage'));
const ResendVerificationPage = lazy(() => import('../features/auth/pages/ResendVerificationPage'));
const LegalDocumentPage = lazy(() => import('../features/public-site/pages/LegalDocumentPage'));
const CompanyRegistrationPage = lazy(() => import('../features/company-registration/pages/CompanyRegistrationPage'));
const CampaignPublicRoute = lazy(() => import('./routes/CampaignPublicRoute'));
const ContactRoute = lazy(() => import('./routes/ContactRoute'));
const ExploreRoute = lazy(() => import('./routes/ExploreRoute'));
const ProjectDetailsRoute = lazy(() => import('./routes/ProjectDetailsRoute'));
const FavoritesPage = lazy(() => import('../features/catalog/pages/FavoritesPage'));
const MyQuotesPage = lazy(() => import('../features/quotes/pages/MyQuotesPage'));
const MyReservationsPage = lazy(() => import('../features/reservations/pages/MyReservationsPage'));
const MyAlertsPage = lazy(() => import('../features/alerts/pages/MyAlertsPage'));
const PaymentResultPage = lazy(() => import('../features/reservations/pages/PaymentResultPage'));
const DocumentsPage = lazy(() => import('../features/documents/pages/DocumentsPage'));
const ProfilePage = lazy(() => import('../features/profile/pages/ProfilePage'));
const MyDataPage = lazy(() => import('../features/profile/pages/MyDataPage'));
const ForbiddenPage = lazy(() => import('../features/public-site/pages/ForbiddenPage'));
const BuyerDashboardRoute = lazy(() => import('./routes/BuyerDashboardRoute'));
const UsersListPage = lazy(() => import('../features/users/pages/UsersListPage'));
const QuotesListPage = lazy(() => import('../features/commercial/pages/QuotesListPage'));
const ReservationsListPage = lazy(() => import('../features/commercial/pages/ReservationsListPage'));
const ReservationDetailRoute = lazy(() => import('./routes/ReservationDetailRoute'));
const PaymentsLedgerPage = lazy(() => import('../features/audit/pages/PaymentsLedgerPage'));
const RoleChangesAuditPage = lazy(() => import('../features/role-history/pages/RoleChangesAuditPage'));
const MailboxPage = lazy(() => import('../features/mailbox/pages/MailboxPage'));
const EmailAdminPage = lazy(() => import('../features/email-admin/pages/EmailAdminPage'));
const FinancialParametersPage = lazy(() => import('../features/financial-parameters/pages/FinancialParametersPage'));
const UfValuesPage = lazy(() => import('../features/financial-parameters/pages/UfValuesPage'));
const RegistrationReviewPage = lazy(() => import('../features/company-registration/pages/RegistrationReviewPage'));
const CompaniesPage = lazy(() => import('../features/companies/pages/CompaniesPage'));
const OwnCompanyRoute = lazy(() => import('./routes/CompanyRoutes'));
const OwnTeamRoute = lazy(() => import('./routes/CompanyRoutes').then((m) => ({ default: m.OwnTeamRoute })));
const BackofficeCompanyRoute = lazy(() => import('./routes/CompanyRoutes').then((m) => ({ default: m.BackofficeCompanyRoute })));
const CampaignsPage = lazy(() => import('../features/campaigns/pages/CampaignsPage'));
const DataRequestsDeskPage = lazy(() => import('../features/data-requests/pages/DataRequestsDeskPage'));
const DataRequestDetailPage = lazy(() => import('../features/data-requests/pages/DataRequestDetailPage'));
const MigrationDashboardPage = lazy(() => import('../features/migrations/pages/MigrationDashboardPage'));
const SiteContentPage = lazy(() => import('../features/site-content/pages/SiteContentPage'));
const LeadsPage = lazy(() => import('../features/leads/pages/LeadsPage'));
const LeadDetailPage = lazy(() => import('../features/leads/pages/LeadDetailPage'));
const SalesDashboardPage = lazy(() => import('../features/analytics/pages/SalesDashboardPage'));
const LeadDashboardPage = lazy(() => import('../features/analytics/pages/LeadDashboardPage'));
const CompanyAnalyticsPage = lazy(() => import('../features/analytics/pages/CompanyAnalyticsPage'));
const OwnQuotesRoute = lazy(() => import('./routes/CompanyRoutes').then((m) => ({ default: m.OwnQuotesRoute })));
const OwnReservationsRoute = lazy(() => import('./routes/CompanyRoutes').then((m) => ({ default: m.OwnReservationsRoute })));
const LegalDocumentsAdminPage = lazy(() => import('../features/site-content/pages/LegalDocumentsAdminPage'));
const ProjectImagesPage = lazy(() => import('../features/catalog-media/pages/ProjectImagesPage'));
const FloorPlansPage = lazy(() => import('../features/catalog-media/pages/FloorPlansPage'));
const ProjectImportPage = lazy(() => import('../features/catalog-media/pages/ProjectImportPage'));
const catalogAdmin = () => import('./routes/CatalogAdminRoutes');
const BackofficeProjectsRoute = lazy(() => catalogAdmin().then((m) => ({ default: m.BackofficeProjectsRoute })));
const BackofficeNewProjectRoute = lazy(() => catalogAdmin().then((m) => ({ default: m.BackofficeNewProjectRoute })));
const BackofficeProjectRoute = lazy(() => catalogAdmin().then((m) => ({ default: m.BackofficeProjectRoute })));
const BackofficeProjectUnitsRoute = lazy(() => catalogAdmin().then((m) => ({ default: m.BackofficeProjectUnitsRoute })));
const FeaturedRoute = lazy(() => catalogAdmin().then((m) => ({ default: m.FeaturedRoute })));
const ListingsRoute = lazy(() => catalogAdmin().then((m) => ({ default: m.ListingsRoute })));
const NewListingRoute = lazy(() => catalogAdmin().then((m) => ({ default: m.NewListingRoute })));
const ListingRoute = lazy(() => catalogAdmin().then((m) => ({ default: m.ListingRoute })));
const ListingUnitsRoute = lazy(() => catalogAdmin().then((m) => ({ default: m.ListingUnitsRoute })));
const NotificationPreferencesPage = lazy(() => import('../features/notifications/pages/NotificationPreferencesPage'));
const NotificationCenterPage = lazy(() => import('../features/notifications/pages/NotificationCenterPage'));

function RootLayout() {
  return (
    <>
      <SkipLink />
      <Suspense fallback={<LoadingScreen showProgress />}>
        <Outlet />
      </Suspense>
      <ToastRegion />
    </>
  );
}

const guestOnly = (page: ReactNode) => <RedirectIfAuthenticated>{page}</RedirectIfAuthenticated>;
const needs = (permission: string, page: ReactNode) => <RequirePermission permission={permission}>{page}</RequirePermission>;

/** Routes of spec §2. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicShell />,
        errorElement: <RouteError />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'projects', element: <ExploreRoute /> },
          { path: 'projects/:projectId', element: <ProjectDetailsRoute /> },
          { path: 'login', element: guestOnly(<SignInPage />) },
          { path: 'register', element: guestOnly(<SignUpPage />) },
          { path: 'auth/login', element: guestOnly(<SignInPage />) },
          { path: 'auth/register', element: guestOnly(<SignUpPage />) },
          { path: 'auth/forgot-password', element: <ForgotPasswordPage /> },
          { path: 'auth/reset-password', element: <ResetPasswordPage /> },
          // An invitation's link: the token names the account, the person only chooses a password.
          { path: 'auth/set-password', element: <SetPasswordPage /> },
          { path: 'auth/verify-email', element: <VerifyEmailPage /> },
          { path: 'auth/resend-verification', element: <ResendVerificationPage /> },
          { path: 'terms', element: <LegalDocumentPage kind="terms" /> },
          { path: 'privacy', element: <LegalDocumentPage kind="privacy" /> },
          { path: 'contact', element: <ContactRoute /> },
          { path: 'company-registration', element: <CompanyRegistrationPage /> },
          { path: 'campaigns/:campaignId', element: <CampaignPublicRoute /> },
          { path: 'forbidden', element: <ForbiddenPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'dashboard',
        element: (
          <RequireAuth>
            <BuyerShell />
          </RequireAuth>
        ),
        errorElement: <RouteError />,
        children: [
          { index: true, element: <BuyerDashboardRoute /> },
          { path: 'favorites', element: <FavoritesPage /> },
          { path: 'quotes', element: <MyQuotesPage /> },
          { path: 'reservations', element: <MyReservationsPage /> },
          { path: 'alerts', element: <MyAlertsPage /> },
          { path: 'documents', element: <DocumentsPage /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'notifications', element: <NotificationPreferencesPage /> },
          { path: 'profile/data', element: <MyDataPage /> },
        ],
      },
      {
        // Where the payment gateway's return lands (the API redirects here with the outcome).
        path: 'payment',
        element: (
          <RequireAuth>
            <BuyerShell />
          </RequireAuth>
        ),
        errorElement: <RouteError />,
        children: [{ path: 'result', element: <PaymentResultPage /> }],
      },
      {
        path: 'company-portal',
        element: <RequireAuth>{needs('company-portal:access', <CompanyPortalShell />)}</RequireAuth>,
        errorElement: <RouteError />,
        children: [
          { index: true, element: needs('analytics:read', <CompanyAnalyticsPage title="Panel de la empresa" summary />) },
          { path: 'listings', element: needs('catalog:manage', <ListingsRoute />) },
          { path: 'listings/new', element: needs('catalog:manage', <NewListingRoute />) },
          { path: 'listings/:projectId', element: needs('catalog:manage', <ListingRoute />) },
          { path: 'listings/:projectId/units', element: needs('catalog:manage', <ListingUnitsRoute />) },
          { path: 'analytics', element: needs('analytics:read', <CompanyAnalyticsPage title="Analítica" />) },
          // A partner employer's collaborators' quotes and reservations, a real-estate company's projects' (the server scopes them).
          { path: 'quotes', element: needs('analytics:read', <OwnQuotesRoute />) },
          { path: 'reservations', element: needs('analytics:read', <OwnReservationsRoute />) },
          { path: 'team', element: <OwnTeamRoute /> },
          { path: 'settings', element: <OwnCompanyRoute /> },
          // The listings' pictures, plans and bulk upload: the back office's screens, scoped by the server to the company.
          { path: 'listings/:projectId/images', element: needs('catalog:manage', <ProjectImagesPage projectsPath="/company-portal/listings" />) },
          { path: 'listings/:projectId/floor-plans', element: needs('catalog:manage', <FloorPlansPage projectsPath="/company-portal/listings" />) },
          { path: 'project-imports', element: needs('catalog:manage', <ProjectImportPage />) },
        ],
      },
      {
        path: 'backoffice',
        element: (
          <RequireAuth>
            {needs(
              'backoffice:access',
              <BackofficeFeatures>
                <BackofficeShell />
              </BackofficeFeatures>,
            )}
          </RequireAuth>
        ),
        errorElement: <RouteError />,
        children: [
          { index: true, element: <BackofficeHomePage /> },
          { path: 'projects', element: needs('catalog:manage', <BackofficeProjectsRoute />) },
          { path: 'projects/new', element: needs('catalog:manage', <BackofficeNewProjectRoute />) },
          { path: 'projects/:projectId', element: needs('catalog:manage', <BackofficeProjectRoute />) },
          { path: 'projects/:projectId/units', element: needs('catalog:manage', <BackofficeProjectUnitsRoute />) },
          { path: 'featured', element: needs('catalog:feature', <FeaturedRoute />) },
          { path: 'users', element: needs('users:read', <UsersListPage />) },
          { path: 'leads', element: needs('leads:read', <LeadsPage />) },
          { path: 'leads/:leadId', element: needs('leads:read', <LeadDetailPage />) },
          { path: 'sales-dashboard', element: needs('analytics:all', <SalesDashboardPage />) },
          { path: 'lead-dashboard', element: needs('analytics:all', <LeadDashboardPage />) },
          { path: 'users/:userId', element: needs('users:read', <UserDetailRoute />) },
          { path: 'role-changes', element: needs('audit:read', <RoleChangesAuditPage />) },
          { path: 'payments', element: needs('audit:read', <PaymentsLedgerPage />) },
          { path: 'quotes', element: needs('commercial:read', <QuotesListPage />) },
          { path: 'reservations', element: needs('commercial:read', <ReservationsListPage />) },
          { path: 'reservations/:reservationId', element: needs('commercial:read', <ReservationDetailRoute />) },
          { path: 'mailbox', element: needs('mailbox:read', <MailboxPage />) },
          { path: 'email', element: needs('email:manage', <EmailAdminPage />) },
          { path: 'email/:tab', element: needs('email:manage', <EmailAdminPage />) },
          { path: 'notifications', element: needs('backoffice:access', <NotificationCenterPage />) },
          { path: 'content', element: needs('content:manage', <SiteContentPage />) },
          { path: 'content/:section', element: needs('content:manage', <SiteContentPage />) },
          { path: 'legal', element: needs('content:manage', <LegalDocumentsAdminPage />) },
          { path: 'financial-parameters', element: needs('financial-parameters:manage', <FinancialParametersPage />) },
          { path: 'uf', element: needs('financial-parameters:manage', <UfValuesPage />) },
          { path: 'campaigns', element: needs('campaigns:manage', <CampaignsPage />) },
          { path: 'company-registrations', element: needs('company-registrations:review', <RegistrationReviewPage />) },
          { path: 'companies', element: needs('companies:manage', <CompaniesPage />) },
          { path: 'companies/:companyId', element: needs('companies:manage', <BackofficeCompanyRoute />) },
          { path: 'migrations', element: needs('projections:manage', <MigrationDashboardPage />) },
          { path: 'projects/:projectId/images', element: needs('catalog:manage', <ProjectImagesPage projectsPath="/backoffice/projects" />) },
          { path: 'projects/:projectId/floor-plans', element: needs('catalog:manage', <FloorPlansPage projectsPath="/backoffice/projects" />) },
          { path: 'project-imports', element: needs('catalog:manage', <ProjectImportPage />) },
          { path: 'data-requests', element: needs('data-requests:manage', <DataRequestsDeskPage />) },
          { path: 'data-requests/:requestId', element: needs('data-requests:manage', <DataRequestDetailPage />) },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

export type AppRouter = ReturnType<typeof createAppRouter>;
