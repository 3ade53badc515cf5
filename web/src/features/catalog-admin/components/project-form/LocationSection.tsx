import type { Region } from '../../api/catalog-admin-api';
import { SelectField, TextField } from '../../../../shared/ui/fields';
import { Grid } from '../../../../shared/ui/layout';
import { bindText, FormSection, type SectionProps } from './section';
import { LocationPin } from './LocationPin';

/** Ubicación: address, region and commune (a commune of the chosen region), city, and coordinates typed or pinned on the map. */
export function LocationSection(props: SectionProps & { readonly regions: readonly Region[] }) {
  const { draft, errors, set, regions } = props;
  const communes = regions.find((r) => r.code === draft.regionCode)?.communes ?? [];
  return (
    <FormSection id="seccion-ubicacion" title="Ubicación">
      <Grid $min="240px">
        <TextField label="Dirección" required {...bindText(props, 'address')} />
        <SelectField
          label="Región"
          required
          name="regionCode"
          placeholder="Elija una región"
          options={regions.map((r) => ({ value: r.code, label: r.name }))}
          value={draft.regionCode}
          error={errors.regionCode}
          onChange={(e) => {
            set('regionCode', e.target.value);
            if (!draft.communeCode.startsWith(e.target.value) || !e.target.value) set('communeCode', '');
          }}
        />
        <SelectField
          label="Comuna"
          required
          placeholder={draft.regionCode ? 'Elija una comuna' : 'Elija primero la región'}
          disabled={!draft.regionCode}
          options={communes.map((c) => ({ value: c.code, label: c.name }))}
          {...bindText(props, 'communeCode')}
        />
        <TextField label="Ciudad" {...bindText(props, 'city')} />
        <TextField label="Latitud" inputMode="decimal" required hint="Entre -56 y -17, por ejemplo -33,4372" {...bindText(props, 'latitude')} />
        <TextField label="Longitud" inputMode="decimal" required hint="Entre -110 y -66, por ejemplo -70,6506" {...bindText(props, 'longitude')} />
      </Grid>
      <LocationPin
        latitude={String(draft.latitude)}
        longitude={String(draft.longitude)}
        onPick={(latitude, longitude) => {
          set('latitude', latitude as never);
          set('longitude', longitude as never);
        }}
      />
    </FormSection>
  );
}
