import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useApi } from '../../../shared/kit/api-context';
import { acceptAttribute, BULK_IMAGE_UPLOAD, fileProblem } from '../../../shared/kit/upload-rules';
import { UploadProgressBar } from '../../../shared/kit/UploadProgressBar';
import { uploadErrorMessage, type UploadProgress } from '../../../shared/kit/useUpload';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { SelectField } from '../../../shared/ui/fields';
import { Card, Grid, Muted, Stack } from '../../../shared/ui/layout';
import { uploadImages, type ImageCategory } from '../api/catalog-media-api';
import { IMAGE_CATEGORY_LABELS, IMAGE_CATEGORY_ORDER } from '../model/image-groups';

const MAX_FILES = 30;

/**
 * Bulk picture upload (spec §2, §9: JPG or PNG, 10 MB each): many files into one category, checked here first,
 * sent together with one real progress bar and a cancel; the server refuses the whole batch if one is damaged.
 */
export function BulkImageUploadForm({ projectId, onUploaded }: { readonly projectId: string; readonly onUploaded: (count: number) => void }) {
  const api = useApi();
  const [category, setCategory] = useState<ImageCategory>('gallery');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const choose = (chosen: File[]) => {
    const problems = chosen.map((f) => ({ f, problem: fileProblem(f, BULK_IMAGE_UPLOAD) })).filter((p) => p.problem);
    if (chosen.length > MAX_FILES) setError(`Elija como máximo ${MAX_FILES} imágenes.`);
    else setError(problems.length ? problems.map((p) => `«${p.f.name}»: ${p.problem}`).join(' ') : null);
    setFiles(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (files.length === 0) return setError('Elija al menos una imagen.');
    if (error) return;
    const controller = new AbortController();
    abort.current = controller;
    const total = files.reduce((n, f) => n + f.size, 0);
    setProgress({ name: `${files.length} imágenes`, sent: 0, total });
    try {
      const added = await uploadImages(
        api,
        projectId,
        category,
        files,
        (sent, all) => setProgress({ name: `${files.length} imágenes`, sent, total: all }),
        controller.signal,
      );
      setFiles([]);
      if (input.current) input.current.value = '';
      onUploaded(added.length);
    } catch (caught) {
      setError(uploadErrorMessage(caught));
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };

  return (
    <Card aria-labelledby="bulk-images-title">
      <h2 id="bulk-images-title">Carga masiva de imágenes</h2>
      <form onSubmit={submit} noValidate aria-labelledby="bulk-images-title">
        <Stack $gap={3}>
          <Muted>JPG o PNG de hasta 10 MB cada una, hasta {MAX_FILES} por carga. Si una está dañada no se sube ninguna.</Muted>
          <Grid $min="220px">
            <SelectField
              label="Categoría de las imágenes"
              value={category}
              options={IMAGE_CATEGORY_ORDER.map((c) => ({ value: c, label: IMAGE_CATEGORY_LABELS[c] }))}
              onChange={(e) => setCategory(e.target.value as ImageCategory)}
            />
            <div>
              <label htmlFor="bulk-images-files">Imágenes</label>
              <input
                ref={input}
                id="bulk-images-files"
                type="file"
                multiple
                accept={acceptAttribute(BULK_IMAGE_UPLOAD)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'bulk-images-error' : undefined}
                onChange={(e) => choose([...(e.target.files ?? [])])}
              />
            </div>
          </Grid>
          {files.length > 0 && <p>{`${files.length} imagen(es) elegida(s): ${files.map((f) => f.name).join(', ')}`}</p>}
          {error && (
            <Alert kind="error">
              <span id="bulk-images-error">{error}</span>
            </Alert>
          )}
          {progress ? (
            <UploadProgressBar progress={progress} onCancel={() => abort.current?.abort()} />
          ) : (
            <div>
              <Button type="submit" variant="primary">
                Subir imágenes
              </Button>
            </div>
          )}
        </Stack>
      </form>
    </Card>
  );
}
