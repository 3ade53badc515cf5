import { useLocation } from 'react-router-dom';
import { Muted, TextLink } from '../../../shared/ui/layout';
import { StaticPage } from './StaticPage';

/** Placeholder until the catalog API exists; every /projects sub-path lands here. */
export default function ProjectsPage() {
  const { pathname } = useLocation();
  const isDetail = pathname.replace(/\/+$/, '') !== '/projects';
  return (
    <StaticPage title={isDetail ? 'Proyecto' : 'Proyectos'}>
      <Muted>El catálogo de proyectos estará disponible pronto.</Muted>
      <p>
        Mientras tanto, <TextLink to="/register">cree su cuenta</TextLink> o <TextLink to="/login">inicie sesión</TextLink> para recibir novedades.
      </p>
    </StaticPage>
  );
}
