import { useState } from 'react';
import { useApi } from '../../../shared/kit/api-context';
import { IMAGE_UPLOAD } from '../../../shared/kit/upload-rules';
import { UploadField } from '../../../shared/kit/UploadField';
import { CheckboxField, SelectField, TextField } from '../../../shared/ui/fields';
import { Card, Grid } from '../../../shared/ui/layout';
import { uploadImage, type ImageCategory, type NewImage, type ProjectUnit } from '../api/catalog-media-api';
import { IMAGE_CATEGORY_LABELS, IMAGE_CATEGORY_ORDER } from '../model/image-groups';

/** A new picture: its category, name, primary mark and unit first, then the file (sent as soon as it is chosen). */
export function ImageUploadForm({ projectId, units, onUploaded }: { projectId: string; units: readonly ProjectUnit[]; onUploaded: (name: string) => void }) {
  const api = useApi();
  const [image, setImage] = useState<NewImage>({ category: 'gallery', name: '', primary: false, unitId: '' });
  return (
    <Card aria-labelledby="upload-image-title">
      <h2 id="upload-image-title">Subir imagen</h2>
      <Grid $min="200px">
        <SelectField
          label="Categoría"
          value={image.category}
          options={IMAGE_CATEGORY_ORDER.map((c) => ({ value: c, label: IMAGE_CATEGORY_LABELS[c] }))}
          onChange={(e) => setImage({ ...image, category: e.target.value as ImageCategory })}
        />
        <TextField
          label="Nombre"
          hint="Opcional: si lo deja vacío se usa el nombre del archivo."
          maxLength={120}
          value={image.name}
          onChange={(e) => setImage({ ...image, name: e.target.value })}
        />
        <SelectField
          label="Unidad"
          hint="Opcional: la imagen de una unidad."
          value={image.unitId}
          placeholder="Sin unidad"
          options={units.map((u) => ({ value: u.id, label: `Unidad ${u.unitNumber} (${u.typology}${u.model ? ` ${u.model}` : ''})` }))}
          onChange={(e) => setImage({ ...image, unitId: e.target.value })}
        />
        <CheckboxField
          label="Marcar como principal de su categoría"
          checked={image.primary}
          onChange={(e) => setImage({ ...image, primary: e.target.checked })}
        />
      </Grid>
      <UploadField
        label="Archivo de imagen"
        hint="JPG, PNG, GIF, SVG o WEBP de hasta 15 MB. Se sube apenas lo elija."
        rule={IMAGE_UPLOAD}
        send={(file, onProgress, signal) => uploadImage(api, projectId, image, file, onProgress, signal)}
        onUploaded={(_, file) => {
          onUploaded(image.name.trim() || file.name);
          setImage({ ...image, name: '', primary: false });
        }}
      />
    </Card>
  );
}
