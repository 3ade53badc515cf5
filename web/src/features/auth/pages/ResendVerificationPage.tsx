import { useSearchParams } from 'react-router-dom';
import { EmailRequestPage } from '../components/EmailRequestPage';
import { selectResendFlow, verificationResendSubmitted } from '../slice';

export default function ResendVerificationPage() {
  const [params] = useSearchParams();
  return (
    <EmailRequestPage
      flowName="resend"
      selectFlow={selectResendFlow}
      submitted={verificationResendSubmitted}
      title="Reenviar email de confirmación"
      intro="Si no recibió el correo para verificar su cuenta, ingrese su email y se lo enviaremos nuevamente."
      submitLabel="Reenviar email"
      initialEmail={params.get('email') ?? ''}
    />
  );
}
