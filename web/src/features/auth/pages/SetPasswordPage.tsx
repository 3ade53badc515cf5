import { useSearchParams } from 'react-router-dom';
import { useForm } from '../../../shared/hooks/useForm';
import { MSG } from '../../../shared/validation/rules';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextLink } from '../../../shared/ui/layout';
import { AuthFrame } from '../components/AuthFrame';
import { FlowSucceeded } from '../components/FlowSucceeded';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { usePasswordAdvice } from '../password-advice';
import { validateSetPassword, type SetPasswordValues } from '../forms';
import { passwordResetSubmitted, selectResetFlow } from '../slice';
import { useAuthFlow } from '../use-auth-flow';

const NO_OWNER = {};

/**
 * An invitation's link (an approved company's representative, a colleague invited to a company's team): the
 * account is named by the token, so the person only chooses their password; doing so activates the account.
 */
export default function SetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { dispatch, flow, serverErrors } = useAuthFlow('reset', selectResetFlow);
  const form = useForm<SetPasswordValues>({ password: '', passwordConfirmation: '' }, validateSetPassword, serverErrors);
  const advice = usePasswordAdvice(form.values.password, NO_OWNER);

  if (flow.status === 'succeeded')
    return <FlowSucceeded title="Contraseña creada" message="Su contraseña quedó guardada y su cuenta está activa. Ya puede iniciar sesión." />;

  const requestNewLink = <TextLink to="/auth/forgot-password">Solicitar un nuevo enlace</TextLink>;

  if (!token) {
    return (
      <AuthFrame title="Cree su contraseña" links={requestNewLink}>
        <Alert kind="error">
          <p>{MSG.tokenRequired}</p>
        </Alert>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title="Cree su contraseña" intro="Elija la contraseña con la que ingresará a su cuenta." links={requestNewLink}>
      {flow.status === 'failed' && flow.error && (
        <Alert kind="error">
          <p>{flow.error.message}</p>
        </Alert>
      )}
      <form
        noValidate
        aria-label="Cree su contraseña"
        onSubmit={form.handleSubmit((values) =>
          dispatch(passwordResetSubmitted({ token, password: values.password, passwordConfirmation: values.passwordConfirmation })),
        )}
      >
        <NewPasswordFields form={form} advice={advice} rule="Mínimo 6 caracteres." label="Contraseña" confirmationLabel="Confirmar contraseña" />
        <Button type="submit" variant="primary" block busy={flow.status === 'pending'} busyLabel="Guardando...">
          Guardar contraseña
        </Button>
      </form>
    </AuthFrame>
  );
}
