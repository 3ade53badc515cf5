import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { selectHasPermission, selectRoleNames, selectSessionEndedBy, selectSessionStatus, type SessionState } from '../features/session/slice';
import { hasAnyRole, postLoginPath } from '../shared/auth/roles';
import { isPublicPath } from '../shared/auth/public-paths';
import { SESSION_EXPIRY_REDIRECT_DELAY_MS } from '../shared/config/constants';
import { useAppSelector } from '../shared/store/StoreProvider';
import { LoadingScreen } from '../shared/ui/LoadingScreen';

type Root = { session: SessionState };

/** Where an unauthenticated visitor is sent: /login with the page they wanted. */
export const loginRedirectFor = (pathname: string, search = ''): string => `/login?redirect=${encodeURIComponent(`${pathname}${search}`)}`;

/**
 * A session that just expired shows a short notice while the expiry handler's toast is read and its
 * delayed redirect to /login happens; this screen redirects itself if nothing else does.
 */
function SessionEnded() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/login', { replace: true }), SESSION_EXPIRY_REDIRECT_DELAY_MS + 500);
    return () => clearTimeout(timer);
  }, [navigate]);
  return <LoadingScreen message="Su sesión ha finalizado. Redirigiendo..." showSkeletons={false} size="small" />;
}

/** Waits for initialization; unauthenticated visitors go to /login?redirect=<path>. No-op on public paths. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useAppSelector((s: Root) => selectSessionStatus(s));
  const endedBy = useAppSelector((s: Root) => selectSessionEndedBy(s));
  const location = useLocation();
  if (isPublicPath(location.pathname)) return <>{children}</>;
  if (status === 'loading') return <LoadingScreen message="Verificando su sesión" showProgress size="large" />;
  if (status === 'unauthenticated') {
    // After a logout the user chose to leave: plain /login, as the logout saga navigates.
    if (endedBy === 'logout' || endedBy === 'local-logout') return <Navigate to="/login" replace />;
    if (endedBy) return <SessionEnded />;
    return <Navigate to={loginRedirectFor(location.pathname, location.search)} replace />;
  }
  return <>{children}</>;
}

/** Needs at least one of the roles (case-insensitive); otherwise /forbidden. Use inside RequireAuth. */
export function RequireRole({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  const held = useAppSelector((s: Root) => selectRoleNames(s));
  return hasAnyRole(held, roles) ? <>{children}</> : <Navigate to="/forbidden" replace />;
}

/** Needs the permission (or '*'); otherwise /forbidden. Use inside RequireAuth. */
export function RequirePermission({ permission, children }: { permission: string; children: ReactNode }) {
  const allowed = useAppSelector((s: Root) => selectHasPermission(s, permission));
  return allowed ? <>{children}</> : <Navigate to="/forbidden" replace />;
}

/** Sign-in screens send an already authenticated user to their home (or the redirect asked for). */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const status = useAppSelector((s: Root) => selectSessionStatus(s));
  const roles = useAppSelector((s: Root) => selectRoleNames(s));
  const [params] = useSearchParams();
  if (status === 'authenticated') return <Navigate to={postLoginPath(roles, params.get('redirect'))} replace />;
  return <>{children}</>;
}
