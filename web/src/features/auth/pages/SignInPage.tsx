import { AuthFrame } from '../components/AuthFrame';
import { LoginForm } from '../components/LoginForm';

export default function SignInPage() {
  return (
    <AuthFrame title="Iniciar sesión" intro="Ingrese con su email o RUT y su contraseña.">
      <LoginForm variant="sign-in" />
    </AuthFrame>
  );
}
