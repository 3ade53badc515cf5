import { Alert } from './Alert';
import { Button } from './Button';

/** A list or page that could not load: the error's message and a way to try again. */
export function LoadFailed({ message, onRetry }: { readonly message: string; readonly onRetry: () => void }) {
  return (
    <Alert kind="error">
      <p>{message}</p>
      <p>
        <Button onClick={onRetry}>Reintentar</Button>
      </p>
    </Alert>
  );
}
