import { boldPieces, toggleBold } from '../../web/src/shared/format/bold-text';
import { parseProjectQuery, withRegion } from '../../web/src/features/catalog-admin/api/projects-query';
import { inFeaturedOrder, movedAnnouncement, moveItem } from '../../web/src/features/catalog-admin/logic/featured-order';
import {
  changedFields,
  checkProjectDraft,
  draftFromProject,
  emptyProjectDraft,
  type ProjectDraft,
} from '../../web/src/features/catalog-admin/logic/project-draft';
import { checkPriceEdit, checkUnitDraft, draftFromUnit, emptyUnitDraft, unitDraftErrors } from '../../web/src/features/catalog-admin/logic/unit-draft';
import type { BackofficeProject, BackofficeUnitRow } from '../../contract/catalog-admin';

const filled = (overrides: Partial<ProjectDraft> = {}): ProjectDraft => ({
  ...emptyProjectDraft('2026-11-25', 'inmobiliaria-andes'),
  name: 'Torre Mirador',
  address: 'Av. Grecia 1500',
  regionCode: '13',
  communeCode: '13120',
  city: 'Santiago',
  latitude: '-33,4601',
  longitude: '-70.5932',
  deliveryDate: '2028-03',
  reservationPrice: '250.000',
  features: 'Piscina\n\n  Quincho  \n',
  contactEmail: 'ventas@andes.cl',
  contactPhone: '+56 2 2654 3210',
  ...overrides,
});

describe('project form draft', () => {
  it('becomes the contract’s fields: es-CL numbers, one feature per line, empty optional texts as null', () => {
    const checked = checkProjectDraft(filled());
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    expect(checked.fields).toMatchObject({
      realEstate: { companyId: 'inmobiliaria-andes' },
      latitude: -33.4601,
      longitude: -70.5932,
      reservationPrice: 250000,
      features: ['Piscina', 'Quincho'],
      webpayToken: null,
      secondaryOperator: null,
      pricing: { bonusEnabled: false, bonusDescription: '' },
    });
  });

  it('reports every mistake at its field, named as the form names it (an empty number is missing, not zero)', () => {
    const checked = checkProjectDraft(filled({ name: '', companyId: '', latitude: '', longitude: '10', deliveryDate: '2028-13', reservationPrice: 'mucho' }));
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.errors).sort()).toEqual(['companyId', 'deliveryDate', 'latitude', 'longitude', 'name', 'reservationPrice']);
    expect(checked.errors.longitude).toBe('El valor máximo es -66.');
  });

  it('reads a project back into the same draft, and a PATCH carries only what changed', () => {
    const before = checkProjectDraft(filled());
    const after = checkProjectDraft(filled({ city: 'Ñuñoa', features: 'Piscina\nQuincho\nGimnasio' }));
    if (!before.ok || !after.ok) throw new Error('invalid');
    expect(changedFields(before.fields, after.fields)).toEqual({ city: 'Ñuñoa', features: ['Piscina', 'Quincho', 'Gimnasio'] });
    const project = {
      ...before.fields,
      id: 'p1',
      realEstate: { companyId: 'inmobiliaria-andes', name: 'Andes', rut: '' },
      pricing: before.fields.pricing!,
    } as unknown as BackofficeProject;
    expect(checkProjectDraft(draftFromProject(project))).toEqual(before);
  });
});

describe('unit form draft', () => {
  it('a new unit needs its number, typology and price; an empty discount is no discount', () => {
    const empty = checkUnitDraft(emptyUnitDraft());
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(Object.keys(empty.errors).sort()).toEqual(['regularPrice', 'typology', 'unitNumber']);
    const checked = checkUnitDraft({ ...emptyUnitDraft(), unitNumber: '101', typology: '2D2B', regularPrice: '4.200', rent1: '650000' });
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    expect(checked.fields).toMatchObject({ regularPrice: 4200, discountPrice: null, footVoucherPrice: null, estimatedRents: [650000] });
  });

  it('reads a unit back (decimals with a comma) and maps rent errors to their boxes', () => {
    const unit = {
      unitNumber: '101',
      typology: '2D',
      model: '',
      orientation: '',
      discountPrice: 3999.5,
      estimatedRents: [1, 2],
      regularPrice: 4000,
    } as unknown as BackofficeUnitRow;
    expect(draftFromUnit(unit)).toMatchObject({ discountPrice: '3999,5', rent1: '1', rent2: '2' });
    expect(unitDraftErrors({ 'estimatedRents.1': 'x', regularPrice: 'y' })).toEqual({ rent2: 'x', regularPrice: 'y' });
  });

  it('the quick price edit is checked by the same schema', () => {
    expect(checkPriceEdit('4100', '')).toEqual({ ok: true, fields: { regularPrice: 4100, discountPrice: null } });
    expect(checkPriceEdit('', '-1').ok).toBe(false);
  });
});

describe('projects list query', () => {
  it('reads the URL’s filters and sort, ignoring values the list does not know', () => {
    const q = parseProjectQuery(new URLSearchParams('search=torre&regionCode=13&buildStatus=GREEN_STATUS&assetType=castle&enabled=false&sort=-updatedAt'));
    expect(q.filter).toMatchObject({ search: 'torre', regionCode: '13', buildStatus: 'GREEN_STATUS', assetType: '', enabled: 'false' });
    expect(q.sort).toBe('-updatedAt');
    expect(parseProjectQuery(new URLSearchParams('sort=price')).sort).toBeNull();
  });

  it('another region lets go of the commune', () => {
    const q = parseProjectQuery(new URLSearchParams('regionCode=13&communeCode=13120')).filter;
    expect(withRegion(q, '05')).toMatchObject({ regionCode: '05', communeCode: '' });
    expect(withRegion(q, '13')).toMatchObject({ communeCode: '13120' });
  });
});

describe('featured order', () => {
  it('moves an item within the list, clamped at both ends, and says where it landed', () => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(list, 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(list, 0, -1)).toBe(list);
    expect(moveItem(list, 2, 5)).toBe(list);
    expect(movedAnnouncement('Torre', 2, 3)).toBe('Torre quedó en la posición 2 de 3.');
  });

  it('orders the featured rows by their featured order, leaving out the others', () => {
    const rows = [
      { name: 'B', featuredOrder: 2 },
      { name: 'X', featuredOrder: null },
      { name: 'A', featuredOrder: 0 },
    ];
    expect(inFeaturedOrder(rows).map((r) => r.name)).toEqual(['A', 'B']);
  });
});

describe('basic bold in descriptions', () => {
  it('splits **bold** parts out as text, leaving an unpaired ** as typed', () => {
    expect(boldPieces('Cerca del **metro** y <b>parques</b> **')).toEqual([
      { text: 'Cerca del ', bold: false },
      { text: 'metro', bold: true },
      { text: ' y <b>parques</b> **', bold: false },
    ]);
  });

  it('Negrita wraps the selection, and again unwraps it', () => {
    const on = toggleBold('vista al mar', 6, 12);
    expect(on).toEqual({ value: 'vista **al mar**', start: 8, end: 14 });
    expect(toggleBold(on.value, on.start, on.end)).toEqual({ value: 'vista al mar', start: 6, end: 12 });
  });
});
