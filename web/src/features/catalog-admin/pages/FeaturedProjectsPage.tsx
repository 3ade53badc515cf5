import { useCallback, useEffect, useState } from 'react';
import { toApiErrorBody } from '../../../shared/api/errors';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { useUnsavedChangesGuard } from '../../../shared/kit/useUnsavedChangesGuard';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Card, Muted, Row, Stack } from '../../../shared/ui/layout';
import { VisuallyHidden } from '../../../shared/ui/VisuallyHidden';
import { fetchProjects, saveFeatured } from '../api/catalog-admin-api';
import { AddFeatured } from '../components/featured/AddFeatured';
import { FeaturedList } from '../components/featured/FeaturedList';
import { inFeaturedOrder, movedAnnouncement, moveItem, sameOrder, type FeaturedItem } from '../logic/featured-order';

type Loaded = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; saved: readonly FeaturedItem[] };

/** Back office, Destacados: which projects the home page features, and in what order (spec §4). */
export default function FeaturedProjectsPage() {
  useDocumentTitle('Proyectos destacados');
  const api = useApi();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [items, setItems] = useState<readonly FeaturedItem[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    fetchProjects(api, { featured: 'true', perPage: 100 }).then(
      (page) => {
        const saved = inFeaturedOrder(page.items).map((r) => ({ id: r.id, name: r.name, enabled: r.enabled }));
        setLoaded({ status: 'loaded', saved });
        setItems(saved);
      },
      (error: unknown) => setLoaded({ status: 'failed', message: toApiErrorBody(error).message }),
    );
  }, [api]);
  useEffect(load, [load]);

  const dirty = loaded.status === 'loaded' && !sameOrder(loaded.saved, items);
  const guard = useUnsavedChangesGuard(dirty);

  const move = (from: number, to: number) => {
    const next = moveItem(items, from, to);
    if (next === items) return;
    const moved = items[from];
    const place = next.indexOf(moved);
    setItems(next);
    setAnnouncement(movedAnnouncement(moved.name, place + 1, next.length));
    // The moved row keeps the focus, on the button that can still move it the same way.
    requestAnimationFrame(() => {
      const row = document.querySelector(`[data-featured-id="${CSS.escape(moved.id)}"]`);
      const same = row?.querySelector<HTMLButtonElement>(`button[data-move="${to < from ? 'up' : 'down'}"]:not(:disabled)`);
      (same ?? row?.querySelector<HTMLButtonElement>('button[data-move]:not(:disabled)'))?.focus();
    });
  };
  const save = async () => {
    setBusy(true);
    setNotice(null);
    try {
      await saveFeatured(
        api,
        items.map((i) => i.id),
      );
      setLoaded({ status: 'loaded', saved: items });
      setNotice({ kind: 'success', text: 'Orden de destacados guardado: la portada lo muestra así.' });
    } catch (error) {
      setNotice({ kind: 'error', text: toApiErrorBody(error).message });
    } finally {
      setBusy(false);
    }
  };

  if (loaded.status === 'failed') return <LoadFailed message={loaded.message} onRetry={load} />;
  return (
    <Stack $gap={3}>
      <h1>Proyectos destacados</h1>
      <Muted>La portada muestra los proyectos habilitados de esta lista, en este orden. Arrastre un proyecto o use Subir y Bajar; luego guarde.</Muted>
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
      <Card aria-labelledby="titulo-orden">
        <h2 id="titulo-orden">Orden</h2>
        {loaded.status === 'loading' && <Muted>Cargando...</Muted>}
        {loaded.status === 'loaded' && items.length === 0 && <Muted>No hay proyectos destacados.</Muted>}
        <FeaturedList
          items={items}
          onMove={move}
          onRemove={(id) => {
            const removed = items.find((i) => i.id === id);
            setItems(items.filter((i) => i.id !== id));
            if (removed) setAnnouncement(`${removed.name} se quitó de destacados.`);
          }}
        />
        <Row $gap={2}>
          <Button variant="primary" busy={busy} busyLabel="Guardando..." disabled={!dirty} onClick={() => void save()}>
            Guardar orden
          </Button>
          <Button variant="ghost" disabled={!dirty || busy} onClick={() => loaded.status === 'loaded' && setItems(loaded.saved)}>
            Descartar cambios
          </Button>
        </Row>
      </Card>
      <Card aria-labelledby="titulo-agregar">
        <h2 id="titulo-agregar">Agregar</h2>
        <AddFeatured
          excluded={new Set(items.map((i) => i.id))}
          onAdd={(row) => {
            setItems([...items, { id: row.id, name: row.name, enabled: row.enabled }]);
            setAnnouncement(`${row.name} se agregó en la posición ${items.length + 1}.`);
          }}
        />
      </Card>
      {guard}
    </Stack>
  );
}
