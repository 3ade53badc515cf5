import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import type { ApiErrorBody } from '../../../../../contract/errors';
import { MSG } from '../../../shared/validation/rules';
import { Alert } from '../../../shared/ui/Alert';
import { TextLink } from '../../../shared/ui/layout';
import { AuthFrame } from '../components/AuthFrame';
import { emailVerificationRequested, selectVerificationFlow } from '../slice';

export const INVALID_LINK_MESSAGE = 'El enlace de confirmación no es válido o expiró. Solicite uno nuevo y use el último que le enviemos.';

/**
 * The server answers a wrong, used or expired verification token with the session's code (TOKEN_INVALID,
 * "Su sesión no es válida"), which says nothing to someone who clicked a link in a mail: here it means the
 * link. A malformed token (VALIDATION_FAILED) is the same thing to the reader.
 */
const LINK_PROBLEMS = new Set(['TOKEN_INVALID', 'TOKEN_EXPIRED', 'SESSION_EXPIRED', 'VALIDATION_FAILED', 'NOT_FOUND']);
export const verificationFailureMessage = (error: ApiErrorBody): string => (LINK_PROBLEMS.has(error.code) ? INVALID_LINK_MESSAGE : error.message);

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
    <AuthFrame title="Verificación de email" links={flow.status === 'succeeded' ? <TextLink to="/login">Iniciar sesión</TextLink> : undefined}>
      {flow.status === 'succeeded' && (
        <Alert kind="success">
          <p>{flow.message}</p>
        </Alert>
      )}
      {flow.status === 'failed' && flow.error && (
        <Alert kind="error">
          <p>{verificationFailureMessage(flow.error)}</p>
          <p>
            <TextLink to="/auth/resend-verification">Enviarme un nuevo enlace de confirmación</TextLink>
          </p>
        </Alert>
      )}
      {(flow.status === 'pending' || flow.status === 'idle') && <p role="status">Verificando su email...</p>}
    </AuthFrame>
  );
}
