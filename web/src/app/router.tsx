import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import NotFoundPage from '../features/public-site/pages/NotFoundPage';
import { ToastRegion } from '../features/toasts/components/ToastRegion';
import { LoadingScreen } from '../shared/ui/LoadingScreen';
import { SkipLink } from '../shared/ui/SkipLink';
import type { BackofficeSection } from '../shared/kit/sections';
import { BACKOFFICE_SECTIONS, FloorPlansPage, ProjectImagesPage, ProjectImportPage } from './backoffice-sections';
import { BackofficeFeatures } from './BackofficeFeatures';
import { RedirectIfAuthenticated, RequireAuth, RequirePermission } from './guards';
import { RouteError } from './RouteError';
import { BackofficeShell, BuyerShell, CompanyPortalShell, PublicShell } from './shells/shells';

/* Screens load on demand; a failed chunk download ends in RouteError's one-time reload. */
const LandingPage = lazy(() => import('./pages/LandingPage'));
const BackofficeHomePage = lazy(() => import('./pages/BackofficeHomePage'));
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
const OwnCompanyRoute = lazy(() => import('./routes/CompanyRoutes'));
const OwnTeamRoute = lazy(() => import('./routes/CompanyRoutes').then((m) => ({ default: m.OwnTeamRoute })));
const CompanyAnalyticsPage = lazy(() => import('../features/analytics/pages/CompanyAnalyticsPage'));
const OwnQuotesRoute = lazy(() => import('./routes/CompanyRoutes').then((m) => ({ default: m.OwnQuotesRoute })));
const OwnReservationsRoute = lazy(() => import('./routes/CompanyRoutes').then((m) => ({ default: m.OwnReservationsRoute })));
const catalogAdmin = () => import('./routes/CatalogAdminRoutes');
const ListingsRoute = lazy(() => catalogAdmin().then((m) => ({ default: m.ListingsRoute })));
const NewListingRoute = lazy(() => catalogAdmin().then((m) => ({ default: m.NewListingRoute })));
const ListingRoute = lazy(() => catalogAdmin().then((m) => ({ default: m.ListingRoute })));
const ListingUnitsRoute = lazy(() => catalogAdmin().then((m) => ({ default: m.ListingUnitsRoute })));
const NotificationPreferencesPage = lazy(() => import('../features/notifications/pages/NotificationPreferencesPage'));

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

/** A back-office section's screens as routes under /backoffice, each guarded by the section's permission. */
export const sectionRoutes = ({ path, permission, screens }: BackofficeSection): RouteObject[] =>
  screens.map((screen) => ({
    path: [path.replace(/^\/backoffice\//, ''), screen.path].filter(Boolean).join('/'),
    element: needs(permission, screen.element),
  }));

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
        children: [{ index: true, element: <BackofficeHomePage /> }, ...BACKOFFICE_SECTIONS.flatMap(sectionRoutes)],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

export type AppRouter = ReturnType<typeof createAppRouter>;
