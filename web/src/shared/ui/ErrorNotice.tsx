import type { ReactNode } from 'react';
import type { ApiErrorBody } from '../../../../contract/errors';
import { Alert } from './Alert';
import { Button } from './Button';
import { Row } from './layout';

/** What the screen can do for a suggested action of the error catalogue, keyed by the action's text. */
export type ErrorActionHandlers = Readonly<Partial<Record<string, () => void>>>;

/**
 * An error object of spec §8 with its suggested actions: those the screen can perform are buttons,
 * the rest are listed as advice.
 */
export function ErrorNotice({ error, handlers = {}, extra }: { error: ApiErrorBody; handlers?: ErrorActionHandlers; extra?: ReactNode }) {
  const doable = error.actions.filter((a) => handlers[a]);
  const advice = error.actions.filter((a) => !handlers[a]);
  return (
    <Alert kind={error.severity === 'warning' ? 'warning' : error.severity === 'info' ? 'info' : 'error'}>
      <p>{error.message}</p>
      {advice.length > 0 && (
        <ul>
          {advice.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      )}
      {(doable.length > 0 || extra) && (
        <Row $gap={2} style={{ marginTop: '0.75rem' }}>
          {doable.map((a) => (
            <Button key={a} onClick={handlers[a]}>
              {a}
            </Button>
          ))}
          {extra}
        </Row>
      )}
    </Alert>
  );
}
