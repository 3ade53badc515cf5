import { TextLink } from '../../../shared/ui/layout';
import { StaticPage } from './StaticPage';

export default function PrivacyPage() {
  return (
    <StaticPage title="Política de privacidad">
      <p>
        Tratamos sus datos personales (nombre, RUT, emails, teléfono e información financiera que usted entregue) solo para evaluar y gestionar su
        acceso a vivienda, conforme a la legislación chilena de protección de datos personales.
      </p>
      <h2>Qué datos usamos y para qué</h2>
      <ul>
        <li>Datos de identificación y contacto: para crear su cuenta y comunicarnos con usted.</li>
        <li>Datos laborales: para validar su convenio con su empleador.</li>
        <li>Datos financieros: para simular dividendos y cotizaciones que usted solicite.</li>
      </ul>
      <h2>Sus derechos</h2>
      <p>
        Puede solicitar acceso, rectificación o eliminación de sus datos. Escríbanos desde la página de <TextLink to="/contact">contacto</TextLink>.
      </p>
    </StaticPage>
  );
}
