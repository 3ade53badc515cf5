import styled from 'styled-components';
import { LoginForm } from '../../features/auth/components/LoginForm';
import { selectIsAuthenticated, selectRoleNames, selectSessionUser, type SessionState } from '../../features/session/slice';
import { homePathFor } from '../../shared/auth/roles';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useAppSelector } from '../../shared/store/StoreProvider';
import { Card, Grid, Muted, TextLink } from '../../shared/ui/layout';

const Hero = styled.section`
  display: grid;
  grid-template-columns: minmax(0, 1.3fr) minmax(300px, 1fr);
  gap: ${({ theme }) => theme.space(8)};
  align-items: start;
  margin-bottom: ${({ theme }) => theme.space(10)};
  @media (max-width: 860px) { grid-template-columns: 1fr; }
  h1 { font-size: clamp(1.75rem, 3vw + 1rem, 2.75rem); }
  p { font-size: 1.125rem; }
`;

const Services = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
`;

type Root = { session: SessionState };

/** Home: hero, login form (email or RUT, password min 6) and what the platform offers (spec §2). */
export default function LandingPage() {
  useDocumentTitle('');
  const authenticated = useAppSelector((s: Root) => selectIsAuthenticated(s));
  const user = useAppSelector((s: Root) => selectSessionUser(s));
  const roles = useAppSelector((s: Root) => selectRoleNames(s));
  return (
    <>
      <Hero aria-labelledby="titulo-inicio">
        <div>
          <h1 id="titulo-inicio">Su vivienda, con el respaldo de su empresa</h1>
          <p>
            Acceda a proyectos inmobiliarios con beneficios exclusivos para colaboradores de empresas en convenio: aporte al pie de su empleador,
            simulación de dividendo y asesoría personalizada.
          </p>
          <p>
            <TextLink to="/projects">Explorar proyectos</TextLink>
          </p>
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
      <section aria-labelledby="titulo-como-funciona">
        <h2 id="titulo-como-funciona">Cómo funciona</h2>
        <Grid>
          <Card>
            <h3>1. Cree su cuenta</h3>
            <Muted>Regístrese con su email laboral y su RUT. Verificamos su convenio con su empresa.</Muted>
          </Card>
          <Card>
            <h3>2. Elija su proyecto</h3>
            <Muted>Compare proyectos, unidades y precios en UF y pesos, y simule su dividendo.</Muted>
          </Card>
          <Card>
            <h3>3. Reserve con apoyo</h3>
            <Muted>Un asesor lo acompaña en el crédito hipotecario, los subsidios y la reserva de su unidad.</Muted>
          </Card>
        </Grid>
      </section>
      <section aria-labelledby="titulo-otros">
        <h2 id="titulo-otros">Otros activos</h2>
        <Services>
          <li>Oficinas, locales comerciales, bodegas e instalaciones industriales.</li>
        </Services>
      </section>
    </>
  );
}
