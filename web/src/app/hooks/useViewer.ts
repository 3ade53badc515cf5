import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { selectIsAuthenticated, selectSessionUser, type SessionState } from '../../features/session/slice';
import { fullName } from '../../shared/auth/session-mapping';
import { useAppSelector } from '../../shared/store/StoreProvider';
import { loginRedirectFor } from '../guards';

type Root = { session: SessionState };

/** Who is looking at a public screen, and the way to sign in and come back to it. */
export function useViewer() {
  const authenticated = useAppSelector((s: Root) => selectIsAuthenticated(s));
  const user = useAppSelector((s: Root) => selectSessionUser(s));
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useCallback(() => navigate(loginRedirectFor(location.pathname, location.search)), [navigate, location.pathname, location.search]);
  const contactDefaults = { name: user ? fullName(user) : '', email: user?.email ?? '', phone: user?.phone ?? '' };
  return { authenticated, user, signIn, contactDefaults };
}
