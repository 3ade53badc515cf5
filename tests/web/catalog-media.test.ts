import type { ApiPort, UploadRequest } from '../../web/src/shared/api/port';
import { ApiError } from '../../web/src/shared/api/errors';
import { acceptAttribute, fileProblem, FLOOR_PLAN_UPLOAD, IMAGE_UPLOAD, percentSent, SPREADSHEET_UPLOAD } from '../../web/src/shared/kit/upload-rules';
import { uploadErrorMessage } from '../../web/src/shared/kit/useUpload';
import {
  cancelProjectImport,
  fetchProjectImport,
  uploadFloorPlan,
  uploadImage,
  type BackofficeProject,
  type ProjectImage,
  type ProjectUnit,
} from '../../web/src/features/catalog-media/api/catalog-media-api';
import { groupImages, movedAnnouncement, movedIndex, moveTo } from '../../web/src/features/catalog-media/model/image-groups';
import { floorPlanUsage, unitNumbers } from '../../web/src/features/catalog-media/model/floor-plan-usage';
import { assignmentProblem, bulkPlanSteps, planTarget, unitTypes } from '../../web/src/features/catalog-media/model/bulk-plans';
import { fakeApi } from './support/saga-harness';
import {
  importFieldLabel,
  importFinished,
  importProgressText,
  importSummaryText,
  rejectedRowsCsv,
} from '../../web/src/features/catalog-media/model/import-report';

const MB = 1024 * 1024;

describe('upload rules (checked before sending)', () => {
  it('refuses a type outside the accept list with the server’s Spanish words, and a file past the limit', () => {
    expect(fileProblem({ name: 'casa.png', type: 'image/png', size: 2 * MB }, IMAGE_UPLOAD)).toBeNull();
    expect(fileProblem({ name: 'logo.svg', type: 'image/svg+xml', size: 1000 }, IMAGE_UPLOAD)).toBeNull();
    expect(fileProblem({ name: 'plano.svg', type: 'image/svg+xml', size: 1000 }, FLOOR_PLAN_UPLOAD)).toBe(
      'Tipo de archivo no permitido: use JPG, PNG, GIF, WEBP o PDF.',
    );
    expect(fileProblem({ name: 'notas.txt', type: 'text/plain', size: 10 }, IMAGE_UPLOAD)).toBe('Tipo de archivo no permitido: use JPG, PNG, GIF, SVG o WEBP.');
    expect(fileProblem({ name: 'enorme.jpg', type: 'image/jpeg', size: 15 * MB + 1 }, IMAGE_UPLOAD)).toBe('El archivo supera el máximo de 15 MB.');
    expect(fileProblem(null, IMAGE_UPLOAD)).toBe('Elija un archivo.');
  });

  it('judges a file with no declared type by its name, and spreadsheets always by their name', () => {
    expect(fileProblem({ name: 'plano.PDF', type: '', size: 10 }, FLOOR_PLAN_UPLOAD)).toBeNull();
    expect(fileProblem({ name: 'proyectos.csv', type: 'application/vnd.ms-excel', size: 10 }, SPREADSHEET_UPLOAD)).toBeNull();
    expect(fileProblem({ name: 'proyectos.txt', type: 'text/csv', size: 10 }, SPREADSHEET_UPLOAD)).toBe(
      'Tipo de archivo no permitido: use CSV o Excel (.xlsx).',
    );
    expect(fileProblem({ name: 'p.xlsx', type: '', size: 10 * MB + 1 }, SPREADSHEET_UPLOAD)).toBe('El archivo supera el máximo de 10 MB.');
    expect(acceptAttribute(SPREADSHEET_UPLOAD)).toContain('.csv');
  });

  it('words a cancelled upload, and otherwise the server’s first field message', () => {
    expect(uploadErrorMessage(new DOMException('x', 'AbortError'))).toBe('Carga cancelada.');
    const refused = new ApiError(415, {
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Tipo no soportado',
      fieldErrors: [{ field: 'file', code: 'FILE_TYPE_NOT_ALLOWED', message: 'Tipo de archivo no permitido: use JPG, PNG, GIF, SVG o WEBP.' }],
    } as never);
    expect(uploadErrorMessage(refused)).toBe('Tipo de archivo no permitido: use JPG, PNG, GIF, SVG o WEBP.');
    expect([percentSent(50, 200), percentSent(5, 0), percentSent(300, 200)]).toEqual([25, 0, 100]);
  });
});

const image = (id: string, category: ProjectImage['category'], order: number, primary = false): ProjectImage => ({
  id,
  category,
  name: `Foto ${id}`,
  url: `/files/${id}`,
  cardUrl: null,
  thumbUrl: `/files/${id}-t`,
  width: null,
  height: null,
  primary,
  order,
});

describe('images by category', () => {
  it('groups every category in the screen’s order, each by its order', () => {
    const groups = groupImages([image('b', 'gallery', 1), image('a', 'gallery', 0), image('c', 'cover', 0, true)]);
    expect(groups.map((g) => g.label)).toEqual(['Portada', 'Galería', 'Tarjeta', 'Adicionales', 'Proyecto', 'Unidades']);
    expect(groups[1].images.map((i) => i.id)).toEqual(['a', 'b']);
    expect(groups[2].images).toEqual([]);
  });

  it('moves within the category’s bounds and announces the new place', () => {
    expect(movedIndex(['a', 'b', 'c'], 'a', 1)).toBe(1);
    expect(movedIndex(['a', 'b', 'c'], 'a', -1)).toBeNull();
    expect(movedIndex(['a', 'b', 'c'], 'c', 1)).toBeNull();
    expect(moveTo(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(movedAnnouncement('Fachada', 1, 3, 'gallery')).toBe('«Fachada» quedó en la posición 2 de 3 en Galería.');
  });
});

const unit = (id: string, unitNumber: string, typology: string, model: string) => ({ id, unitNumber, typology, model }) as ProjectUnit;

describe('floor plans', () => {
  const units = [unit('u1', '101', '2D2B', 'A'), unit('u2', '102', '2D2B', 'A'), unit('u3', '201', '3D2B', ''), unit('u4', '103', '2D2B', 'A')];
  const project: Pick<BackofficeProject, 'floorPlans' | 'unitPlans' | 'units'> = {
    units,
    floorPlans: [{ id: 'p1', typology: '2D2B', model: 'A', name: 'Planta 2D', url: '/files/p1', primary: true }],
    unitPlans: [{ unitId: 'u2', basePlanId: 'p1', name: 'Planta 102', url: '/files/c1' }],
  };

  it('lists which units use a template (not those with their own plan) and what each own plan replaces', () => {
    const usage = floorPlanUsage(project);
    expect(usage.templates.map((t) => [t.plan.id, t.units.map((u) => u.unitNumber)])).toEqual([['p1', ['101', '103']]]);
    expect(usage.customisations.map((c) => [c.unit?.unitNumber, c.replaces?.name])).toEqual([['102', 'Planta 2D']]);
    expect([unitNumbers([]), unitNumbers([{ unitNumber: '1' }]), unitNumbers([{ unitNumber: '1' }, { unitNumber: '2' }, { unitNumber: '3' }])]).toEqual([
      'Ninguna',
      '1',
      '1, 2 y 3',
    ]);
  });

  it('the bulk upload refuses to go on until every file is assigned to a unit (spec §5)', () => {
    const assigned = { key: 'a', fileName: 'a.png', typology: '', model: '', unitIds: ['u1'] };
    expect(assignmentProblem([])).toBe('Elija al menos un archivo de plano.');
    expect(assignmentProblem([assigned, { ...assigned, key: 'b', fileName: 'b.pdf', unitIds: [] }])).toBe(
      'Asigne cada plano al menos a una unidad. Falta: «b.pdf».',
    );
    expect(assignmentProblem([assigned])).toBeNull();
    expect(bulkPlanSteps(1).map((s) => s.state)).toEqual(['done', 'current', 'pending']);
  });

  it('files a unit plan under the typology chosen, or else its first unit’s', () => {
    expect(planTarget({ key: 'a', fileName: 'planta 201.pdf', typology: '', model: '', unitIds: ['u3'] }, units)).toEqual({
      typology: '3D2B',
      model: '',
      unitIds: ['u3'],
      name: 'planta 201',
    });
    expect(planTarget({ key: 'a', fileName: 'x.png', typology: '2D2B', model: 'A', unitIds: ['u3'] }, units)).toMatchObject({ typology: '2D2B', model: 'A' });
    expect(unitTypes(units)).toEqual([
      { typology: '2D2B', model: 'A' },
      { typology: '3D2B', model: '' },
    ]);
  });
});

describe('bulk project import', () => {
  it('words the real progress and knows when it ended', () => {
    const integer = (n: number) => n.toLocaleString('es-CL');
    expect(importProgressText({ processed: 1200, total: 4000 }, integer)).toBe('Procesadas 1.200 de 4.000 filas (30 %)');
    expect(importProgressText({ processed: 0, total: 0 }, integer)).toBe('Leyendo el archivo…');
    expect(['processing', 'completed', 'failed', 'cancelled', 'uploading'].map((s) => importFinished(s as never))).toEqual([false, true, true, true, false]);
  });

  it('exports the rejected rows as CSV, by row, formula-safe', () => {
    expect(
      rejectedRowsCsv([
        { row: 8, field: 'regularPrice', message: 'El precio está fuera del rango permitido.' },
        { row: 3, field: 'name', message: '=HYPERLINK("x")' },
      ]),
    ).toBe(
      'Fila,Campo,Motivo\r\n3,Nombre del proyecto (nombre_proyecto),"\'=HYPERLINK(""x"")"\r\n8,Precio lista en UF (precio_lista_uf),El precio está fuera del rango permitido.\r\n',
    );
  });

  it("names a rejected row's column as the sheet has it, never the field's name in code", () => {
    expect(importFieldLabel('regionCode')).toBe('Código de región (codigo_region)');
    expect(importFieldLabel('constructor')).toBe('Fila completa');
  });

  it('counts in the singular when there is one', () => {
    const integer = (n: number) => n.toLocaleString('es-CL');
    expect(importSummaryText(1, 1, 1, integer)).toBe('1 unidad creada en 1 proyecto; 1 fila rechazada.');
    expect(importSummaryText(1200, 2, 0, integer)).toBe('1.200 unidades creadas en 2 proyectos; 0 filas rechazadas.');
  });
});

describe('catalog media API', () => {
  const recording = () => {
    const sent: UploadRequest[] = [];
    const api = {
      upload: async (r: UploadRequest) => (sent.push(r), { status: 201, data: { id: 'i1', thumbUrl: '/t' }, header: () => null }),
    } as unknown as ApiPort;
    return { api, sent };
  };
  const file = new Blob(['x'], { type: 'image/png' }) as File;

  it('sends a picture’s category, name, primary mark and unit with the file', async () => {
    const { api, sent } = recording();
    await uploadImage(api, 'p 1', { category: 'cover', name: ' Fachada ', primary: true, unitId: 'u1' }, file, () => undefined, new AbortController().signal);
    expect(sent[0].path).toBe('/projects/p%201/images');
    expect([...sent[0].form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : 'FILE'])).toEqual([
      ['category', 'cover'],
      ['name', 'Fachada'],
      ['primary', 'true'],
      ['unitId', 'u1'],
      ['file', 'FILE'],
    ]);
  });

  it('sends a floor plan’s typology, model and every unit', async () => {
    const { api, sent } = recording();
    await uploadFloorPlan(api, 'p1', { typology: '2D2B', model: 'A', unitIds: ['u1', 'u2'] }, file, () => undefined, new AbortController().signal);
    expect([...sent[0].form.entries()].filter(([k]) => k !== 'file')).toEqual([
      ['typology', '2D2B'],
      ['model', 'A'],
      ['unitId', 'u1'],
      ['unitId', 'u2'],
    ]);
  });

  it('follows an import by its id and cancels it by POST', async () => {
    const { api, calls } = fakeApi({
      'GET /project-imports/i%2F1': () => ({ id: 'i/1', status: 'processing', processed: 3, total: 9 }),
      'POST /project-imports/i%2F1/cancel': () => ({ id: 'i/1', cancelRequested: true }),
    });
    expect(await fetchProjectImport(api, 'i/1')).toMatchObject({ processed: 3, total: 9 });
    await cancelProjectImport(api, 'i/1');
    expect(calls('POST', '/project-imports/i%2F1/cancel')).toHaveLength(1);
  });
});
