import type { ReactNode } from 'react';
import { Alert } from '../../../shared/ui/Alert';
import { TextLink } from '../../../shared/ui/layout';
import { AuthFrame } from './AuthFrame';

/** A flow done (account created, password reset): the server's message, anything more, and the way to sign in. */
export function FlowSucceeded({ title, message, children }: { readonly title: string; readonly message: string | null; readonly children?: ReactNode }) {
  return (
    <AuthFrame title={title} links={<TextLink to="/login">Ir a iniciar sesión</TextLink>}>
      <Alert kind="success">
        <p>{message}</p>
        {children}
      </Alert>
    </AuthFrame>
  );
}
