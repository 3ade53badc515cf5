import { TextField } from '../../../../shared/ui/fields';
import { Grid } from '../../../../shared/ui/layout';
import { bindText, FormSection, type SectionProps } from './section';

/** Contactos y operadores: who buyers write to, and who operates the project. */
export function ContactsSection(props: SectionProps) {
  return (
    <FormSection id="seccion-contactos" title="Contactos y operadores">
      <Grid $min="240px">
        <TextField label="Email de contacto" type="email" required autoComplete="off" {...bindText(props, 'contactEmail')} />
        <TextField
          label="Teléfono de contacto"
          type="tel"
          required
          hint="+56 2 1234 5678 o +56 9 1234 5678"
          autoComplete="off"
          {...bindText(props, 'contactPhone')}
        />
        <TextField label="Operador" {...bindText(props, 'operator')} />
        <TextField label="Operador secundario" {...bindText(props, 'secondaryOperator')} />
      </Grid>
    </FormSection>
  );
}
