import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../../shared/hooks/useDebouncedValue';
import { useApi } from '../../../../shared/kit/api-context';
import { Button } from '../../../../shared/ui/Button';
import { TextField } from '../../../../shared/ui/fields';
import { Muted, Row } from '../../../../shared/ui/layout';
import { fetchProjects, type ProjectRow } from '../../api/catalog-admin-api';

/** Finds projects by name that are not featured yet, to add them at the end of the list. */
export function AddFeatured({ excluded, onAdd }: { readonly excluded: ReadonlySet<string>; readonly onAdd: (row: ProjectRow) => void }) {
  const api = useApi();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const [rows, setRows] = useState<ProjectRow[] | null>(null);
  useEffect(() => {
    if (debounced.trim().length < 2) return setRows(null);
    let live = true;
    fetchProjects(api, { search: debounced.trim(), perPage: 10 }).then(
      (page) => live && setRows(page.items),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [api, debounced]);
  const shown = (rows ?? []).filter((r) => !excluded.has(r.id));
  return (
    <div>
      <TextField
        label="Buscar un proyecto para destacar"
        type="search"
        hint="Al menos 2 letras del nombre."
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {rows !== null && (
        <ul aria-label="Proyectos encontrados" aria-live="polite">
          {shown.length === 0 && <Muted as="li">No hay proyectos sin destacar con ese nombre.</Muted>}
          {shown.map((r) => (
            <li key={r.id}>
              <Row $gap={2}>
                <span>
                  {r.name}
                  {r.enabled ? '' : ' (deshabilitado)'}
                </span>
                <Button variant="ghost" onClick={() => onAdd(r)} aria-label={`Agregar ${r.name} a destacados`}>
                  Agregar
                </Button>
              </Row>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
