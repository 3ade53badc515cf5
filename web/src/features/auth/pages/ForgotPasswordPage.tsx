import { EmailRequestPage } from '../components/EmailRequestPage';
import { forgotPasswordSubmitted, selectForgotFlow } from '../slice';

export default function ForgotPasswordPage() {
  return (
    <EmailRequestPage
      flowName="forgot"
      selectFlow={selectForgotFlow}
      submitted={forgotPasswordSubmitted}
      title="Recuperar contraseña"
      intro="Ingrese el email de su cuenta y le enviaremos un enlace para crear una nueva contraseña."
      submitLabel="Enviar enlace"
    />
  );
}
