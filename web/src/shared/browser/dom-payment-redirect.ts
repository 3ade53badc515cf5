import { gatewayForm, type PaymentRedirect } from './payment-redirect';

/** Builds the gateway's form in the page and submits it: a full navigation away from the app. */
export const browserPaymentRedirect = (): PaymentRedirect => (target) => {
  const { method, action, fields } = gatewayForm(target);
  const form = document.createElement('form');
  form.method = method;
  form.action = action;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
};
