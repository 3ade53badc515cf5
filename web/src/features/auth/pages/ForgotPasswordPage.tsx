import { useEffect, useMemo } from 'react';
import { fieldErrorMap } from '../../../shared/api/errors';
import { useForm } from '../../../shared/hooks/useForm';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/fields';
import { TextLink } from '../../../shared/ui/layout';
import { AuthFrame } from '../components/AuthFrame';
import { validateEmailForm, type EmailValues } from '../forms';
import { flowEntered, forgotPasswordSubmitted, selectForgotFlow } from '../slice';

export default function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const flow = useAppSelector(selectForgotFlow);
  const serverErrors = useMemo(() => fieldErrorMap(flow.error), [flow.error]);
  const form = useForm<EmailValues>({ email: '' }, validateEmailForm, serverErrors);

  useEffect(() => {
    dispatch(flowEntered('forgot'));
  }, [dispatch]);

  return (
    <AuthFrame
      title="Recuperar contraseña"
      intro="Ingrese el email de su cuenta y le enviaremos un enlace para crear una nueva contraseña."
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
      <form noValidate aria-label="Recuperar contraseña" onSubmit={form.handleSubmit((values) => dispatch(forgotPasswordSubmitted(values)))}>
        <TextField label="Email" type="email" autoComplete="email" required {...form.text('email')} />
        <Button type="submit" variant="primary" block busy={flow.status === 'pending'} busyLabel="Enviando...">
          Enviar enlace
        </Button>
      </form>
    </AuthFrame>
  );
}
