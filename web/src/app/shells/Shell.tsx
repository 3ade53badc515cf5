import { Suspense, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { UserMenu } from '../../features/session/components/UserMenu';
import { NotificationBell } from '../../features/notifications/components/NotificationBell';
import { selectIsAuthenticated, selectRoleNames, type SessionState } from '../../features/session/slice';
import { ThemeToggle } from '../../features/theme/components/ThemeToggle';
import { homePathFor } from '../../shared/auth/roles';
import { useAppSelector } from '../../shared/store/StoreProvider';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { MAIN_CONTENT_ID } from '../../shared/ui/SkipLink';

export interface NavItem {
  readonly to: string;
  readonly label: string;
  /** Active only on an exact match (section home links). */
  readonly end?: boolean;
}

const Header = styled.header`
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

/*
 * One row from 1024 px up (a laptop's 1366 px included): nothing wraps, the navigation takes the room left
 * between the brand and the tools and scrolls sideways rather than wrap if a role ever has more sections
 * than fit. Narrow screens stack the three parts.
 */
const HeaderInner = styled.div`
  max-width: 1440px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  display: flex;
  flex-wrap: nowrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  @media (max-width: 1023px) {
    flex-wrap: wrap;
  }
`;

const Brand = styled(Link)`
  flex-shrink: 0;
  white-space: nowrap;
  font-weight: 700;
  font-size: 1rem;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  span {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Nav = styled.nav`
  flex: 1;
  min-width: 0;
  ul {
    list-style: none;
    display: flex;
    flex-wrap: nowrap;
    overflow-x: auto;
    gap: 2px;
    margin: 0;
    padding: 0;
  }
  @media (max-width: 1023px) {
    flex-basis: 100%;
    order: 3;
  }
  a {
    display: inline-block;
    white-space: nowrap;
    font-size: 0.9375rem;
    padding: ${({ theme }) => `${theme.space(2)} 6px`};
    border-radius: ${({ theme }) => theme.radius.md};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    font-weight: 500;
  }
  a:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  a[aria-current='page'] {
    background: ${({ theme }) => theme.colors.infoSurface};
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

const Tools = styled.div`
  flex-shrink: 0;
  margin-left: auto;
  display: flex;
  align-items: center;
  flex-wrap: nowrap;
  gap: ${({ theme }) => theme.space(2)};
  /* A phone: the tools take a row of their own and the person's name gives way (it ellipsises). */
  @media (max-width: 639px) {
    flex: 1 1 100%;
    min-width: 0;
    justify-content: flex-end;
  }
`;

const Main = styled.main<{ $padded: boolean }>`
  min-height: calc(100vh - 160px);
  max-width: ${({ $padded }) => ($padded ? '1200px' : 'none')};
  margin: 0 auto;
  padding: ${({ theme, $padded }) => ($padded ? `${theme.space(6)} ${theme.space(4)}` : '0')};
  &:focus {
    outline: none;
  }
`;

/** With a sidebar (back office): the sidebar on the left, the page beside it; stacked on narrow screens. */
const WithSidebar = styled.div`
  display: grid;
  grid-template-columns: 232px minmax(0, 1fr);
  align-items: start;
  /* The page fills its column and no more: a centred main (auto margins) would otherwise size the column by its
     widest table, and the window would scroll sideways. */
  & > main {
    width: 100%;
    min-width: 0;
  }
  & > div:first-child {
    position: sticky;
    top: 0;
    max-height: 100vh;
    overflow-y: auto;
    background: ${({ theme }) => theme.colors.surface};
    border-right: 1px solid ${({ theme }) => theme.colors.border};
    min-height: calc(100vh - 160px);
  }
  @media (max-width: 767px) {
    grid-template-columns: minmax(0, 1fr);
    & > div:first-child {
      position: static;
      min-height: 0;
      max-height: none;
      border-right: none;
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
  }
`;

const Footer = styled.footer`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(4)};
  ul {
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: ${({ theme }) => theme.space(6)};
    margin: 0;
    padding: 0;
  }
  p {
    text-align: center;
    color: ${({ theme }) => theme.colors.textMuted};
    margin: ${({ theme }) => theme.space(3)} 0 0;
    font-size: 0.875rem;
  }
`;

const AuthLinks = styled.div`
  display: flex;
  white-space: nowrap;
  gap: ${({ theme }) => theme.space(2)};
  a {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    font-weight: 600;
  }
`;

/** After client-side navigation, focus moves to the main region so screen readers start at the new page. */
function useFocusMainOnNavigate(ref: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus({ preventScroll: false });
  }, [pathname, ref]);
}

type Root = { session: SessionState };

export interface ShellProps {
  readonly nav: readonly NavItem[];
  readonly navLabel: string;
  /** Pages that lay themselves out (landing) take the full width. */
  readonly padded?: boolean;
  /** Section navigation beside the page (the back office's grouped sidebar). */
  readonly sidebar?: ReactNode;
  readonly children?: ReactNode;
}

/** Header (brand, navigation, theme toggle, user menu), main landmark and footer. */
export function Shell({ nav, navLabel, padded = true, sidebar, children }: ShellProps) {
  const authenticated = useAppSelector((s: Root) => selectIsAuthenticated(s));
  const roles = useAppSelector((s: Root) => selectRoleNames(s));
  const mainRef = useRef<HTMLElement>(null);
  useFocusMainOnNavigate(mainRef);
  const main = (
    <Main id={MAIN_CONTENT_ID} tabIndex={-1} ref={mainRef} $padded={padded}>
      <Suspense fallback={<LoadingScreen size="small" showSkeletons />}>{children ?? <Outlet />}</Suspense>
    </Main>
  );
  return (
    <>
      <Header>
        <HeaderInner>
          <Brand to={authenticated ? homePathFor(roles) : '/'} aria-label="Vivienda Colaboradores, ir al inicio">
            Vivienda <span>Colaboradores</span>
          </Brand>
          <Nav aria-label={navLabel}>
            <ul>
              {nav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </Nav>
          <Tools>
            <ThemeToggle />
            {authenticated && <NotificationBell />}
            {authenticated ? (
              <UserMenu />
            ) : (
              <AuthLinks>
                <Link to="/login">Iniciar sesión</Link>
                <Link to="/register">Crear cuenta</Link>
              </AuthLinks>
            )}
          </Tools>
        </HeaderInner>
      </Header>
      {sidebar ? (
        <WithSidebar>
          <div>{sidebar}</div>
          {main}
        </WithSidebar>
      ) : (
        main
      )}
      <Footer>
        <nav aria-label="Enlaces legales">
          <ul>
            <li>
              <Link to="/terms">Términos y condiciones</Link>
            </li>
            <li>
              <Link to="/privacy">Política de privacidad</Link>
            </li>
            <li>
              <Link to="/contact">Contacto</Link>
            </li>
          </ul>
        </nav>
        <p>© {new Date().getFullYear()} Vivienda Colaboradores · Chile</p>
      </Footer>
    </>
  );
}
