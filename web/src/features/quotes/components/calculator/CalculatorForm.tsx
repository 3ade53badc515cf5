import type { FormEvent } from 'react';
import type { useForm } from '../../../../shared/hooks/useForm';
import { formatUF } from '../../../../shared/format/format';
import { Button } from '../../../../shared/ui/Button';
import { SelectField, TextField } from '../../../../shared/ui/fields';
import { Muted } from '../../../../shared/ui/layout';
import type { Pricing } from '../../../../../../contract/quotes';
import { CONVENTION_LABELS, TERM_CHOICES, type CalculatorUnit, type CalculatorValues } from '../../calculator';

export interface CalculatorFormProps {
  readonly form: ReturnType<typeof useForm<CalculatorValues>>;
  readonly unit: CalculatorUnit | null;
  readonly pricing: Pricing;
  readonly calculating: boolean;
  readonly onCalculate: (event: FormEvent<HTMLFormElement>) => void;
}

/** The loan's terms: the unit's price and down payment (or a bare loan amount), rate, term and rate convention. */
export function CalculatorForm({ form, unit, pricing, calculating, onCalculate }: CalculatorFormProps) {
  return (
    <form noValidate aria-label="Datos del crédito" onSubmit={onCalculate}>
      {unit ? (
        <p>
          Unidad {unit.unitNumber}, precio {pricing === 'bonus' ? 'con bono pie' : 'normal'}: <strong>{formatUF(unit.priceUF)}</strong>
        </p>
      ) : (
        <>
          <Muted>Sin unidad seleccionada, simule con el monto del crédito. Elija una unidad para calcular con su precio y su pie.</Muted>
          <TextField label="Monto del crédito (UF)" inputMode="decimal" autoComplete="off" required {...form.text('principalUF')} />
        </>
      )}
      {unit && (
        <TextField
          label="Pie (% del precio)"
          inputMode="decimal"
          autoComplete="off"
          required
          hint="Lo que usted paga; los aportes se suman."
          {...form.text('downPaymentPercent')}
        />
      )}
      <TextField label="Tasa de interés anual (%)" inputMode="decimal" autoComplete="off" required {...form.text('annualRatePercent')} />
      <SelectField
        label="Plazo (años)"
        required
        options={[...new Set([...TERM_CHOICES.map(String), form.values.termYears])].map((t) => ({ value: t, label: `${t} años` }))}
        {...form.text('termYears')}
      />
      <SelectField
        label="Convención de tasa mensual"
        options={(['nominal', 'effective'] as const).map((c) => ({ value: c, label: CONVENTION_LABELS[c] }))}
        {...form.text('convention')}
      />
      <Button type="submit" variant="primary" block busy={calculating} busyLabel="Calculando...">
        Calcular dividendo
      </Button>
    </form>
  );
}
