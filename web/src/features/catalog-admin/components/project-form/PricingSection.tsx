import { CheckboxField, TextField } from '../../../../shared/ui/fields';
import { Grid } from '../../../../shared/ui/layout';
import { WEBPAY_TOKEN_MAX } from '../../logic/project-draft';
import { bindCheck, bindText, FormSection, type SectionProps } from './section';

/** Precios y reserva: the reservation's price and its rules, online payment and the project's Webpay commerce code, the expected capital gain. */
export function PricingSection(props: SectionProps) {
  const left = WEBPAY_TOKEN_MAX - props.draft.webpayToken.length;
  return (
    <FormSection id="seccion-precios" title="Precios y reserva">
      <Grid $min="240px">
        <TextField label="Valor de la reserva (CLP)" inputMode="numeric" required {...bindText(props, 'reservationPrice')} />
        <TextField label="Plusvalía estimada (%)" inputMode="decimal" required {...bindText(props, 'capitalGain')} />
        <TextField
          label="Código de comercio Webpay"
          maxLength={WEBPAY_TOKEN_MAX}
          hint={`Opcional en modo de pruebas (sandbox). Quedan ${left} caracteres.`}
          autoComplete="off"
          {...bindText(props, 'webpayToken')}
        />
      </Grid>
      <CheckboxField label="La reserva se abona al pie" {...bindCheck(props, 'reservationToDownPayment')} />
      <CheckboxField label="Reserva pagada en línea (Webpay)" {...bindCheck(props, 'reservationPaid')} />
    </FormSection>
  );
}
