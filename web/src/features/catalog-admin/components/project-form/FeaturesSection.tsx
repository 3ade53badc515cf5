import { CheckboxField, TextAreaField, TextField } from '../../../../shared/ui/fields';
import { BoldTextArea } from '../BoldTextArea';
import { bindCheck, bindText, FormSection, type SectionProps } from './section';

/** Promociones y características: description (with bold), features, highlights, added value and the bonus price option. */
export function FeaturesSection(props: SectionProps) {
  const { draft, errors, set } = props;
  return (
    <FormSection id="seccion-caracteristicas" title="Promociones y características">
      <BoldTextArea label="Descripción" name="description" value={draft.description} error={errors.description} onChange={(v) => set('description', v)} />
      <TextAreaField label="Características" rows={4} hint="Una por línea (piscina, quincho, gimnasio...)." {...bindText(props, 'features')} />
      <TextAreaField label="Características destacadas" rows={3} hint="Una por línea." {...bindText(props, 'relevantFeatures')} />
      <TextAreaField label="Valor agregado" rows={2} {...bindText(props, 'addedValue')} />
      <CheckboxField
        label="Ofrecer precio con bono"
        hint="Los compradores pueden elegir entre el precio normal y el precio con bono."
        {...bindCheck(props, 'bonusEnabled')}
      />
      <TextField label="Descripción del bono" disabled={!draft.bonusEnabled} {...bindText(props, 'bonusDescription')} />
    </FormSection>
  );
}
