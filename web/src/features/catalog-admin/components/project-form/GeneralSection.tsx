import type { CompanyItem } from '../../../../../../contract/campaigns';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../../shared/ui/fields';
import { Grid } from '../../../../shared/ui/layout';
import { ASSET_TYPE_LABELS, BUILD_STATUS_LABELS, optionsOf, PROJECT_COMMERCIAL_LABELS } from '../../labels';
import { bindCheck, bindText, FormSection, type SectionProps } from './section';

/** Datos generales: name, real-estate company, type, stage, dates and unit counts. */
export function GeneralSection(props: SectionProps & { readonly realEstates: readonly CompanyItem[] }) {
  const { realEstates } = props;
  return (
    <FormSection id="seccion-general" title="Datos generales">
      <Grid $min="240px">
        <TextField label="Nombre del proyecto" required {...bindText(props, 'name')} />
        <SelectField
          label="Inmobiliaria"
          required
          placeholder="Elija una inmobiliaria"
          options={realEstates.map((c) => ({ value: c.id, label: c.name }))}
          {...bindText(props, 'companyId')}
        />
        <SelectField label="Tipo de propiedad" required options={optionsOf(ASSET_TYPE_LABELS)} {...bindText(props, 'assetType')} />
        <SelectField label="Estado de construcción" required options={optionsOf(BUILD_STATUS_LABELS)} {...bindText(props, 'buildStatus')} />
        <SelectField label="Estado comercial" required options={optionsOf(PROJECT_COMMERCIAL_LABELS)} {...bindText(props, 'commercialStatus')} />
        <TextField label="Fecha de entrega" type="month" required hint="Mes y año" {...bindText(props, 'deliveryDate')} />
        <TextField label="Fecha de ingreso" type="date" required {...bindText(props, 'enteredDate')} />
        <TextField label="Total de unidades" inputMode="numeric" required {...bindText(props, 'totalUnits')} />
        <TextField label="Cantidad de unidades" inputMode="numeric" required hint="Unidades a la venta" {...bindText(props, 'quantityOfUnits')} />
      </Grid>
      <CheckboxField label="Venta directa" {...bindCheck(props, 'directSale')} />
      <TextAreaField label="Comentarios internos" rows={2} hint="No se muestran a los compradores." {...bindText(props, 'comments')} />
    </FormSection>
  );
}
