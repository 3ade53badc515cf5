import { useSearchParams } from 'react-router-dom';
import { useForm } from '../../../shared/hooks/useForm';
import { MSG } from '../../../shared/validation/rules';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/fields';
import { TextLink } from '../../../shared/ui/layout';
import { AuthFrame } from '../components/AuthFrame';
import { FlowSucceeded } from '../components/FlowSucceeded';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { usePasswordAdvice } from '../password-advice';
import { validateReset, type ResetValues } from '../forms';
import { passwordResetSubmitted, selectResetFlow } from '../slice';
import { useAuthFlow } from '../use-auth-flow';

/** Token and email arrive in the query string of the emailed link. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { dispatch, flow, serverErrors } = useAuthFlow('reset', selectResetFlow);
  const form = useForm<ResetValues>({ email: params.get('email') ?? '', password: '', passwordConfirmation: '' }, validateReset, serverErrors);
  const advice = usePasswordAdvice(form.values.password, { email: form.values.email });

  if (flow.status === 'succeeded') return <FlowSucceeded title="Contraseña restablecida" message={flow.message} />;

  const requestNewLink = <TextLink to="/auth/forgot-password">Solicitar un nuevo enlace</TextLink>;

  if (!token) {
    return (
      <AuthFrame title="Restablecer contraseña" links={requestNewLink}>
        <Alert kind="error">
          <p>{MSG.tokenRequired}</p>
        </Alert>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title="Restablecer contraseña" intro="Elija una nueva contraseña para su cuenta." links={requestNewLink}>
      {flow.status === 'failed' && flow.error && (
        <Alert kind="error">
          <p>{flow.error.message}</p>
        </Alert>
      )}
      <form
        noValidate
        aria-label="Restablecer contraseña"
        onSubmit={form.handleSubmit((values) =>
          dispatch(passwordResetSubmitted({ token, password: values.password, passwordConfirmation: values.passwordConfirmation })),
        )}
      >
        <TextField label="Email" type="email" autoComplete="username" required {...form.text('email')} />
        <NewPasswordFields form={form} advice={advice} rule="Mínimo 6 caracteres." label="Nueva contraseña" confirmationLabel="Confirmar nueva contraseña" />
        <Button type="submit" variant="primary" block busy={flow.status === 'pending'} busyLabel="Guardando...">
          Restablecer contraseña
        </Button>
      </form>
    </AuthFrame>
  );
}
