import { formatCLP } from '../../domain/shared/es-cl-format';
import type { SandboxTransaction } from './sandbox-webpay-gateway';
import { SANDBOX_PATH } from './sandbox-webpay-gateway';

const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string): string => `<!doctype html>
<html lang="es-CL"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
  body{font-family:system-ui,sans-serif;background:#f3f1f7;color:#222;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
  main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0002;padding:32px;max-width:420px;width:100%}
  h1{font-size:1.3rem;margin:0 0 4px;color:#6b1e7a} .note{font-size:.85rem;color:#666}
  dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:24px 0} dt{color:#666} dd{margin:0;font-weight:600}
  button{display:block;width:100%;padding:12px;margin-top:10px;border:0;border-radius:8px;font-size:1rem;cursor:pointer}
  .approve{background:#6b1e7a;color:#fff} .reject{background:#e9e4ee;color:#6b1e7a} .abort{background:none;color:#666;text-decoration:underline}
</style></head><body><main>${body}</main></body></html>`;

/** The sandbox's payment page: what is being paid, and the buyer's three choices. */
export const sandboxPaymentPage = (tx: SandboxTransaction): string =>
  page(
    'Webpay (sandbox): pagar',
    `<h1>Webpay Plus · sandbox</h1>
<p class="note">Pasarela de pruebas local: no se realiza ningún cargo real.</p>
<dl><dt>Comercio</dt><dd>Vivienda Colaboradores</dd><dt>Orden de compra</dt><dd>${escape(tx.buyOrder)}</dd>
<dt>Monto</dt><dd>${escape(formatCLP(tx.amount))}</dd><dt>Tarjeta</dt><dd>VISA •••• 6623</dd></dl>
<form method="post" action="${SANDBOX_PATH}/decide">
<input type="hidden" name="token_ws" value="${escape(tx._id)}">
<button class="approve" type="submit" name="decision" value="approve">Aprobar pago</button>
<button class="reject" type="submit" name="decision" value="reject">Rechazar pago</button>
<button class="abort" type="submit" name="decision" value="abort">Anular compra y volver al comercio</button>
</form>`,
  );

export const sandboxUnknownPage = (): string =>
  page('Webpay (sandbox)', '<h1>Transacción no encontrada</h1><p class="note">El token de pago no es válido o ya expiró.</p>');
