import { Muted, TextLink } from '../../../shared/ui/layout';
import { StaticPage } from './StaticPage';

export default function NotFoundPage() {
  return (
    <StaticPage title="Página no encontrada">
      <Muted>La página que busca no existe o fue movida.</Muted>
      <p>
        <TextLink to="/">Volver al inicio</TextLink>
      </p>
    </StaticPage>
  );
}
