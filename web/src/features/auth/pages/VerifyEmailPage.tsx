import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { MSG } from '../../../shared/validation/rules';
import { Alert } from '../../../shared/ui/Alert';
import { TextLink } from '../../../shared/ui/layout';
import { AuthFrame } from '../components/AuthFrame';
import { emailVerificationRequested, selectVerificationFlow } from '../slice';

/** Verifies on load with the token from the query string. */
export default function VerifyEmailPage() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const flow = useAppSelector(selectVerificationFlow);

  useEffect(() => {
    if (token) dispatch(emailVerificationRequested({ token }));
  }, [dispatch, token]);

  const resendLink = <TextLink to="/auth/resend-verification">Reenviar email de confirmación</TextLink>;

  if (!token) {
    return (
      <AuthFrame title="Verificación de email" links={resendLink}>
        <Alert kind="error">
          <p>{MSG.tokenRequired}</p>
        </Alert>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame
      title="Verificación de email"
      links={flow.status === 'succeeded' ? <TextLink to="/login">Iniciar sesión</TextLink> : flow.status === 'failed' ? resendLink : undefined}
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
      {(flow.status === 'pending' || flow.status === 'idle') && <p role="status">Verificando su email...</p>}
    </AuthFrame>
  );
}
