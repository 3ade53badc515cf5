import { Alert } from '../../../shared/ui/Alert';
import type { BackofficeProject } from '../../../../../contract/catalog-admin';

/**
 * How this project's reservations are paid, said where the project is edited: the sandbox needs no commerce
 * code (reservations work, nothing is charged); Webpay charges for real only with the project's own code.
 */
export function OnlinePaymentNotice({ project }: { readonly project: Pick<BackofficeProject, 'reservationPaid' | 'onlinePayment'> }) {
  if (!project.reservationPaid) return <Alert kind="info">Las reservas de este proyecto se coordinan con la sala de ventas: no se pagan en línea.</Alert>;
  const { gateway, commerceCode } = project.onlinePayment;
  if (commerceCode === 'project') return null;
  if (gateway === 'sandbox')
    return (
      <Alert kind="info" title="Sin código de comercio Webpay">
        <p>
          La plataforma está en modo de pruebas (sandbox): las reservas funcionan y se pagan en la pasarela de pruebas, sin cargos reales. Para cobrar de
          verdad, ingrese el código de comercio Webpay del proyecto.
        </p>
      </Alert>
    );
  return (
    <Alert kind="warning" title="Falta el código de comercio Webpay">
      <p>
        {gateway === 'production'
          ? 'Las reservas de este proyecto se cobran con el código de comercio general de la plataforma. Ingrese el código de comercio Webpay del proyecto para que el dinero llegue a su cuenta.'
          : 'Webpay está en su ambiente de integración: las reservas usan el comercio de pruebas de Transbank, sin cargos reales. Ingrese el código de comercio Webpay del proyecto antes de pasar a producción.'}
      </p>
    </Alert>
  );
}
