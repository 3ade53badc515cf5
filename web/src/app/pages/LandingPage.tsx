import styled from 'styled-components';
import { LoginForm } from '../../features/auth/components/LoginForm';
import { FeaturedProjects } from '../../features/catalog/components/FeaturedProjects';
import { fetchHomeContent, useLoaded } from '../../features/public-site/api/content-api';
import { HomeContentSections } from '../../features/public-site/components/HomeSections';
import { selectIsAuthenticated, selectRoleNames, selectSessionUser, type SessionState } from '../../features/session/slice';
import { homePathFor } from '../../shared/auth/roles';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useAppSelector } from '../../shared/store/StoreProvider';
import { Card, Row, TextLink } from '../../shared/ui/layout';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { Skeleton } from '../../shared/ui/Skeleton';

const Hero = styled.section`
  display: grid;
  grid-template-columns: minmax(0, 1.3fr) minmax(300px, 1fr);
  gap: ${({ theme }) => theme.space(8)};
  align-items: start;
  margin-bottom: ${({ theme }) => theme.space(12)};
  @media (max-width: 860px) {
    grid-template-columns: 1fr;
  }
  h1 {
    font-size: clamp(1.75rem, 3vw + 1rem, 2.75rem);
  }
  p {
    font-size: 1.125rem;
  }
  /* On a phone the sign-in card sits under the text: the title keeps room for three lines while it loads (no layout shift). */
  @media (max-width: 860px) {
    h1 {
      min-height: 3.75em;
    }
  }
`;

/** Where the hero's text goes while it loads: as many lines as the text usually takes, each as tall as a line of it. */
const TextLoading = styled.div`
  display: grid;
  gap: calc(1.125rem * 0.5);
  margin: 1.125rem 0;
  div {
    height: calc(1.125rem * 1.1);
  }
`;

const Featured = styled.div`
  margin-bottom: ${({ theme }) => theme.space(12)};
`;

type Root = { session: SessionState };

/**
 * Home (spec §1 and §2): hero with the login form (email or RUT, password min 6), featured projects from
 * the catalogue, and the content sections: about, services cycle, stats, subsidies, testimonials, other assets.
 */
export default function LandingPage() {
  useDocumentTitle('');
  const authenticated = useAppSelector((s: Root) => selectIsAuthenticated(s));
  const user = useAppSelector((s: Root) => selectSessionUser(s));
  const roles = useAppSelector((s: Root) => selectRoleNames(s));
  // The hero and the sections are the back office's text (Contenido del sitio).
  const content = useLoaded(fetchHomeContent);
  const hero = content.status === 'loaded' ? content.data.sections.hero : null;
  return (
    <>
      <Hero aria-labelledby="titulo-inicio">
        <div>
          {/* The page keeps its one h1 while the text loads (or if it cannot load). */}
          <h1 id="titulo-inicio">{hero?.title ?? 'Vivienda para colaboradores'}</h1>
          {hero ? (
            <p>{hero.text}</p>
          ) : content.status === 'loading' ? (
            <TextLoading aria-hidden="true">
              {['100%', '96%', '100%', '92%', '60%'].map((width, i) => (
                <Skeleton key={i} $width={width} />
              ))}
            </TextLoading>
          ) : null}
          <Row>
            <TextLink to="/projects">Explorar proyectos</TextLink>
            <TextLink to="/register">Crear cuenta</TextLink>
            <TextLink to="/company-registration">Registrar mi empresa</TextLink>
          </Row>
        </div>
        <Card aria-labelledby="titulo-ingreso">
          <h2 id="titulo-ingreso">Ingrese a su cuenta</h2>
          {authenticated ? (
            <>
              <p>Hola{user?.name ? `, ${user.name}` : ''}. Ya inició sesión.</p>
              <TextLink to={homePathFor(roles)}>Ir a mi cuenta</TextLink>
            </>
          ) : (
            <LoginForm variant="landing" label="Ingrese a su cuenta" />
          )}
        </Card>
      </Hero>
      <Featured>
        <FeaturedProjects />
      </Featured>
      {content.status === 'loaded' && <HomeContentSections sections={content.data.sections} />}
      {content.status === 'failed' && <LoadFailed message={content.message} onRetry={content.reload} />}
    </>
  );
}
