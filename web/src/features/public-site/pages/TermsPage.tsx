import { TextLink } from '../../../shared/ui/layout';
import { StaticPage } from './StaticPage';

export default function TermsPage() {
  return (
    <StaticPage title="Términos y condiciones">
      <p>
        Estos términos regulan el uso de la plataforma de acceso a vivienda para colaboradores de empresas en convenio. Al crear una cuenta usted
        declara que los datos entregados son verdaderos y que los usará solo para fines personales.
      </p>
      <h2>Cuenta y acceso</h2>
      <p>Su cuenta es personal. Debe verificar su email antes de ingresar y mantener su contraseña en reserva.</p>
      <h2>Proyectos, precios y reservas</h2>
      <p>
        Los precios se informan en Unidades de Fomento (UF) y su equivalente en pesos chilenos (CLP) según el valor de la UF del día. El monto de
        reserva es reembolsable si la unidad no es confirmada.
      </p>
      <h2>Cambios a estos términos</h2>
      <p>Los cambios a estos términos entran en vigencia 10 días corridos después de su publicación en esta página.</p>
      <p>
        Revise también nuestra <TextLink to="/privacy">política de privacidad</TextLink>.
      </p>
    </StaticPage>
  );
}
