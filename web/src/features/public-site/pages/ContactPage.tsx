import { TextLink } from '../../../shared/ui/layout';
import { StaticPage } from './StaticPage';

export default function ContactPage() {
  return (
    <StaticPage title="Contacto">
      <p>¿Tiene dudas sobre un proyecto, su financiamiento o su cuenta? Nuestros asesores lo contactan dentro de 24 horas.</p>
      <h2>Desde su cuenta</h2>
      <p>
        <TextLink to="/login">Inicie sesión</TextLink> y solicite contacto desde la ficha del proyecto que le interesa para que un asesor lo llame o le
        escriba.
      </p>
      <h2>¿Aún no tiene cuenta?</h2>
      <p>
        <TextLink to="/register">Cree su cuenta</TextLink> con su email laboral para acceder a los beneficios de su empresa.
      </p>
    </StaticPage>
  );
}
