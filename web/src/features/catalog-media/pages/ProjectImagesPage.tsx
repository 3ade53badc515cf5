import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { toApiErrorBody } from '../../../shared/api/errors';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { ConfirmDialog } from '../../../shared/kit/ConfirmDialog';
import { Alert } from '../../../shared/ui/Alert';
import { TextField } from '../../../shared/ui/fields';
import { Stack } from '../../../shared/ui/layout';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { LoadingScreen } from '../../../shared/ui/LoadingScreen';
import { VisuallyHidden } from '../../../shared/ui/VisuallyHidden';
import { deleteImage, updateImage, type ImageChange, type ProjectImage } from '../api/catalog-media-api';
import { ImageCategorySection } from '../components/ImageCategorySection';
import type { ImageCardActions } from '../components/ImageCard';
import { ImageUploadForm } from '../components/ImageUploadForm';
import { BulkImageUploadForm } from '../components/BulkImageUploadForm';
import { ProjectMediaHeader } from '../components/ProjectMediaHeader';
import { useProject } from '../components/useProject';
import { groupImages, IMAGE_CATEGORY_LABELS, movedAnnouncement, movedIndex, moveTo } from '../model/image-groups';

/** A project's pictures by category: upload, rename, category, primary (one per category), order, delete. */
export default function ProjectImagesPage({ projectsPath }: { readonly projectsPath: string }) {
  const { projectId = '' } = useParams();
  const api = useApi();
  const { state, reload } = useProject(projectId);
  useDocumentTitle(state.status === 'loaded' ? `Imágenes: ${state.project.name}` : 'Imágenes del proyecto');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [renaming, setRenaming] = useState<{ image: ProjectImage; name: string; error?: string } | null>(null);
  const [deleting, setDeleting] = useState<ProjectImage | null>(null);
  /** A move shown at once (a dropped card stays where it was dropped) until the server's answer is read back. */
  const [moved, setMoved] = useState<ReadonlyMap<string, number> | null>(null);

  if (state.status === 'loading') return <LoadingScreen message="Cargando imágenes..." />;
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={() => void reload()} />;
  const { project } = state;
  const groups = groupImages(moved ? project.images.map((i) => (moved.has(i.id) ? { ...i, order: moved.get(i.id)! } : i)) : project.images);

  const change = async (image: ProjectImage, body: ImageChange, done: string): Promise<boolean> => {
    setBusy(true);
    try {
      await updateImage(api, projectId, image.id, body);
      await reload();
      setAnnouncement(done);
      return true;
    } catch (error) {
      setNotice({ kind: 'error', text: toApiErrorBody(error).message });
      await reload();
      return false;
    } finally {
      setBusy(false);
      setMoved(null);
    }
  };
  const moveImage = (image: ProjectImage, to: number) => {
    const ids = groups.find((g) => g.category === image.category)?.images.map((i) => i.id) ?? [];
    setMoved(new Map(moveTo(ids, ids.indexOf(image.id), to).map((id, order) => [id, order])));
    void change(image, { order: to }, movedAnnouncement(image.name, to, ids.length, image.category));
  };
  const actions: ImageCardActions = {
    onMove: (image, delta) => {
      const ids = groups.find((g) => g.category === image.category)?.images.map((i) => i.id) ?? [];
      const to = movedIndex(ids, image.id, delta);
      if (to !== null) moveImage(image, to);
    },
    onPrimary: (image) => void change(image, { primary: true }, `${image.name} es ahora la principal de ${IMAGE_CATEGORY_LABELS[image.category]}.`),
    onCategory: (image, category) => void change(image, { category }, `${image.name} pasó a ${IMAGE_CATEGORY_LABELS[category]}.`),
    onRename: (image) => setRenaming({ image, name: image.name }),
    onDelete: (image) => setDeleting(image),
  };
  /** The success notice waits for the list read back, so it never announces a picture the page does not show yet. */
  const uploaded = async (text: string) => {
    await reload();
    setNotice({ kind: 'success', text });
  };
  const rename = async () => {
    if (!renaming) return;
    const name = renaming.name.trim();
    if (!name) return setRenaming({ ...renaming, error: 'Ingrese un nombre.' });
    if (await change(renaming.image, { name }, `Imagen renombrada a ${name}.`)) setRenaming(null);
  };
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteImage(api, projectId, deleting.id);
      await reload();
      setNotice({ kind: 'success', text: `Se eliminó la imagen ${deleting.name}.` });
      setDeleting(null);
    } catch (error) {
      setNotice({ kind: 'error', text: toApiErrorBody(error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack $gap={4}>
      <ProjectMediaHeader projectsPath={projectsPath} projectId={projectId} projectName={project.name} title="Imágenes" />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      <ImageUploadForm projectId={projectId} units={project.units} onUploaded={(name) => void uploaded(`Imagen ${name} subida.`)} />
      <BulkImageUploadForm projectId={projectId} onUploaded={(count) => void uploaded(`Se subieron ${count} imágenes.`)} />
      {groups.map((group) => (
        <ImageCategorySection key={group.category} group={group} busy={busy} actions={actions} onDrop={moveImage} />
      ))}
      <ConfirmDialog
        open={!!renaming}
        title="Renombrar imagen"
        confirmLabel="Guardar nombre"
        busy={busy}
        busyLabel="Guardando..."
        onConfirm={() => void rename()}
        onCancel={() => setRenaming(null)}
      >
        {renaming && (
          <TextField
            label="Nuevo nombre"
            maxLength={120}
            value={renaming.name}
            error={renaming.error}
            onChange={(e) => setRenaming({ ...renaming, name: e.target.value, error: undefined })}
          />
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={!!deleting}
        title="Eliminar imagen"
        confirmLabel="Eliminar imagen"
        danger
        busy={busy}
        busyLabel="Eliminando..."
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      >
        <p>Se eliminará {deleting?.name} del proyecto y ya no se mostrará a los compradores.</p>
      </ConfirmDialog>
    </Stack>
  );
}
