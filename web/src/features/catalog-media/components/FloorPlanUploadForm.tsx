import { useState } from 'react';
import { useApi } from '../../../shared/kit/api-context';
import { FLOOR_PLAN_UPLOAD } from '../../../shared/kit/upload-rules';
import { UploadField } from '../../../shared/kit/UploadField';
import { SelectField, TextField } from '../../../shared/ui/fields';
import { Card, Grid } from '../../../shared/ui/layout';
import { uploadFloorPlan, type ProjectUnit } from '../api/catalog-media-api';
import { unitTypes } from '../model/bulk-plans';

/** One floor plan: a template for a typology and model, or (with a unit chosen) that unit's own plan. */
export function FloorPlanUploadForm({
  projectId,
  units,
  onUploaded,
}: {
  projectId: string;
  units: readonly ProjectUnit[];
  onUploaded: (text: string) => void;
}) {
  const api = useApi();
  const types = unitTypes(units);
  const [type, setType] = useState(types[0] ? `${types[0].typology}|${types[0].model}` : '');
  const [name, setName] = useState('');
  const [unitId, setUnitId] = useState('');
  const [typology, model] = type.split('|');
  return (
    <Card aria-labelledby="upload-plan-title">
      <h2 id="upload-plan-title">Subir un plano</h2>
      <Grid $min="200px">
        <SelectField
          label="Tipología y modelo"
          value={type}
          options={types.map((t) => ({ value: `${t.typology}|${t.model}`, label: t.model ? `${t.typology} modelo ${t.model}` : t.typology }))}
          onChange={(e) => setType(e.target.value)}
        />
        <SelectField
          label="Solo para la unidad"
          hint="Opcional: sin unidad, el plano es la plantilla de la tipología y el modelo."
          value={unitId}
          placeholder="Plantilla (todas las unidades)"
          options={units.filter((u) => u.typology === typology && u.model === (model ?? '')).map((u) => ({ value: u.id, label: `Unidad ${u.unitNumber}` }))}
          onChange={(e) => setUnitId(e.target.value)}
        />
        <TextField label="Nombre del plano" hint="Opcional." maxLength={120} value={name} onChange={(e) => setName(e.target.value)} />
      </Grid>
      <UploadField
        label="Archivo del plano"
        hint="JPG, PNG, GIF, WEBP o PDF de hasta 15 MB. Se sube apenas lo elija."
        rule={FLOOR_PLAN_UPLOAD}
        disabled={!type}
        send={(file, onProgress, signal) =>
          uploadFloorPlan(api, projectId, { typology, model: model ?? '', unitIds: unitId ? [unitId] : [], name }, file, onProgress, signal)
        }
        onUploaded={(_, file) => {
          onUploaded(`Plano ${name.trim() || file.name} subido.`);
          setName('');
        }}
      />
    </Card>
  );
}
