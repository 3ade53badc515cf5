import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fieldErrorMap } from '../../../shared/api/errors';
import { useForm } from '../../../shared/hooks/useForm';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/fields';
import { TextLink } from '../../../shared/ui/layout';
import { AuthFrame } from '../components/AuthFrame';
import { validateEmailForm, type EmailValues } from '../forms';
import { flowEntered, selectResendFlow, verificationResendSubmitted } from '../slice';

export default function ResendVerificationPage() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const flow = useAppSelector(selectResendFlow);
  const serverErrors = useMemo(() => fieldErrorMap(flow.error), [flow.error]);
  const form = useForm<EmailValues>({ email: params.get('email') ?? '' }, validateEmailForm, serverErrors);

  useEffect(() => {
    dispatch(flowEntered('resend'));
  }, [dispatch]);

  return (
    <AuthFrame
      title="Reenviar email de confirmación"
      intro="Si no recibió el correo para verificar su cuenta, ingrese su email y se lo enviaremos nuevamente."
      links={<TextLink to="/login">Volver a iniciar sesión</TextLink>}
    >
      {flow.status === 'succeeded' && (
        <Alert kind="success">
          <p>{flow.message}</p>
        </Alert>
      )}
      {flow.status === 'failed' && flow.error && (
        <Alert kind="error">
          <p>{flow.error.message}</p>
        </Alert>
      )}
      <form noValidate aria-label="Reenviar email de confirmación" onSubmit={form.handleSubmit((values) => dispatch(verificationResendSubmitted(values)))}>
        <TextField label="Email" type="email" autoComplete="email" required {...form.text('email')} />
        <Button type="submit" variant="primary" block busy={flow.status === 'pending'} busyLabel="Enviando...">
          Reenviar email
        </Button>
      </form>
    </AuthFrame>
  );
}
