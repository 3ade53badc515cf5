import { Muted, Row, TextLink } from '../../../shared/ui/layout';
import { StaticPage } from './StaticPage';

export default function ForbiddenPage() {
  return (
    <StaticPage title="Acceso denegado">
      <Muted>No tiene permisos para acceder a este contenido.</Muted>
      <p>Si cree que debería tener acceso, contacte al administrador de su cuenta.</p>
      <Row>
        <TextLink to="/">Ir al inicio</TextLink>
        <TextLink to="/login">Ingresar con otra cuenta</TextLink>
      </Row>
    </StaticPage>
  );
}
