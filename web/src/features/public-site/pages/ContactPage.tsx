import type { ReactNode } from 'react';
import { TextLink } from '../../../shared/ui/layout';
import { StaticPage } from './StaticPage';

/** Contact; the app composes in the request form (another feature) through `requestContact`. */
export default function ContactPage({ requestContact }: { requestContact?: ReactNode }) {
  return (
    <StaticPage title="Contacto">
      <p>¿Tiene dudas sobre un proyecto, su financiamiento o su cuenta? Nuestros asesores lo contactan dentro de 24 horas.</p>
      {requestContact && (
        <>
          <h2>Escríbanos</h2>
          {requestContact}
        </>
      )}
      <h2>Desde un proyecto</h2>
      <p>
        En la ficha de cada <TextLink to="/projects">proyecto</TextLink> puede agendar con un asesor o solicitar contacto sobre esa unidad.
      </p>
      <h2>¿Aún no tiene cuenta?</h2>
      <p>
        <TextLink to="/register">Cree su cuenta</TextLink> con su email laboral para acceder a los beneficios de su empresa.
      </p>
    </StaticPage>
  );
}
