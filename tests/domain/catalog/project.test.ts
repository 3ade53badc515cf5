import { loadChileTerritory } from '../../../adapters/reference/load-chile-territory';
import type { ProjectEvent } from '../../../domain/catalog/project';
import { projectDecider } from '../../../domain/catalog/project.decide';
import { DeciderSpecification } from '../../support/decider-spec';
import { projectInput } from './fixtures';
import type { ProjectDetailsInput } from '../../../domain/catalog/project';

const decider = projectDecider(loadChileTerritory());
const spec = DeciderSpecification(decider);
const AT = '2026-11-22T12:00:00.000Z';

const created: ProjectEvent = {
  type: 'ProjectCreated',
  data: {
    projectId: 'p1',
    ...projectInput(),
    realEstate: { companyId: 'inmobiliaria-andes', name: 'Inmobiliaria Andes SpA', rut: '76123456-0' },
    contactEmail: 'ventas@andes.cl',
    contactPhone: '+56226543210',
    regionName: 'Región Metropolitana de Santiago',
    communeName: 'Ñuñoa',
    pricing: { bonusEnabled: false, bonusDescription: '' },
    createdAt: AT,
  },
};
const enabled: ProjectEvent = { type: 'ProjectEnabled', data: { projectId: 'p1', enabledAt: AT } };

describe('Project decider', () => {
  it('creates a project (disabled until enabled) with the region and commune names of their official codes', () => {
    spec.given([]).when({ type: 'CreateProject', projectId: 'p1', details: projectInput() }).then([created]);
    spec.given([created]).when({ type: 'CreateProject', projectId: 'p1', details: projectInput() }).thenNothingHappens();
  });

  it('validates the place: INVALID_REGION, INVALID_COMMUNE (also a commune of another region)', () => {
    spec
      .given([])
      .when({ type: 'CreateProject', projectId: 'p1', details: projectInput({ regionCode: '99' }) })
      .thenThrows('INVALID_REGION');
    spec
      .given([])
      .when({ type: 'CreateProject', projectId: 'p1', details: projectInput({ communeCode: '05109' }) })
      .thenThrows('INVALID_COMMUNE');
  });

  it('validates the asset type, reservation price, phone and the other fields', () => {
    const create = (o: Partial<ProjectDetailsInput>) => spec.given([]).when({ type: 'CreateProject', projectId: 'p1', details: projectInput(o) });
    create({ assetType: 'castle' as never }).thenThrows('INVALID_PROPERTY_TYPE');
    create({ reservationPrice: -1 }).thenThrows('PRICE_OUT_OF_RANGE');
    create({ reservationPrice: 1.5 }).thenThrows('PRICE_OUT_OF_RANGE');
    create({ contactPhone: '123' }).thenThrows('INVALID_CHILEAN_PHONE');
    create({ latitude: 10, deliveryDate: 'pronto' }).thenThrows('VALIDATION_FAILED');
    create({ buildStatus: 'RED_STATUS' as never }).thenThrows('VALIDATION_FAILED');
  });

  it('records only the fields an edit changes, and a commune change brings its name', () => {
    spec
      .given([created, enabled])
      .when({ type: 'UpdateProjectDetails', changes: { name: 'Edificio Parque Ñuñoa', communeCode: '13123' } })
      .then([{ type: 'ProjectDetailsUpdated', data: { projectId: 'p1', changes: { communeCode: '13123', communeName: 'Providencia' }, updatedAt: AT } }]);
    spec
      .given([created])
      .when({ type: 'UpdateProjectDetails', changes: { description: 'Departamentos cerca del metro.' } })
      .thenNothingHappens();
    spec
      .given([])
      .when({ type: 'UpdateProjectDetails', changes: { name: 'x y' } })
      .thenThrows('NOT_FOUND');
  });

  it('enables and disables once each (enabled is visible to all, disabled hidden)', () => {
    spec.given([created]).when({ type: 'EnableProject' }).then([enabled]);
    spec.given([created, enabled]).when({ type: 'EnableProject' }).thenNothingHappens();
    spec
      .given([created, enabled])
      .when({ type: 'DisableProject', reason: 'Revisión' })
      .then([{ type: 'ProjectDisabled', data: { projectId: 'p1', reason: 'Revisión', disabledAt: AT } }]);
    spec.given([created]).when({ type: 'DisableProject', reason: 'x' }).thenNothingHappens();
  });

  it('features with an order (reordering is a new order), and unfeatures', () => {
    const featured: ProjectEvent = { type: 'ProjectFeatured', data: { projectId: 'p1', order: 2, featuredAt: AT } };
    spec.given([created]).when({ type: 'FeatureProject', order: 2 }).then([featured]);
    spec.given([created, featured]).when({ type: 'FeatureProject', order: 2 }).thenNothingHappens();
    spec
      .given([created, featured])
      .when({ type: 'FeatureProject', order: 1 })
      .then([{ type: 'ProjectFeatured', data: { projectId: 'p1', order: 1, featuredAt: AT } }]);
    spec
      .given([created, featured])
      .when({ type: 'UnfeatureProject' })
      .then([{ type: 'ProjectUnfeatured', data: { projectId: 'p1', unfeaturedAt: AT } }]);
    spec.given([created]).when({ type: 'FeatureProject', order: 0 }).thenThrows('VALIDATION_FAILED');
  });

  it('keeps images by category and refuses paths outside the files store', () => {
    const image = { imageId: 'cover', category: 'cover' as const, name: 'Fachada', fileRef: 'projects/p1/cover.svg', primary: true };
    const added: ProjectEvent = { type: 'ProjectImageAdded', data: { projectId: 'p1', ...image, order: 0, addedAt: AT } };
    spec
      .given([created])
      .when({ type: 'AddProjectImage', ...image })
      .then([added]);
    spec
      .given([created, added])
      .when({ type: 'AddProjectImage', ...image })
      .thenNothingHappens();
    spec
      .given([created])
      .when({ type: 'AddProjectImage', ...image, fileRef: '../../etc/passwd' })
      .thenThrows('VALIDATION_FAILED');
    spec
      .given([created])
      .when({ type: 'AddProjectImage', ...image, category: 'selfie' as never })
      .thenThrows('VALIDATION_FAILED');
    spec
      .given([created, added])
      .when({ type: 'RemoveProjectImage', imageId: 'cover' })
      .then([{ type: 'ProjectImageRemoved', data: { projectId: 'p1', imageId: 'cover', removedAt: AT } }]);
  });

  it('adds floor plans per typology/model and customises one unit from a known plan', () => {
    const plan = { planId: '2d2b-A', typology: '2D2B', model: 'A', name: '2D2B modelo A', fileRef: 'projects/p1/plans/2d2b-A.svg', primary: true };
    const added: ProjectEvent = { type: 'FloorPlanAdded', data: { projectId: 'p1', ...plan, addedAt: AT } };
    spec
      .given([created])
      .when({ type: 'AddFloorPlan', ...plan })
      .then([added]);
    const custom = { unitId: 'u1', basePlanId: '2d2b-A', name: 'Unidad 604', fileRef: 'projects/p1/plans/unit-604.svg' };
    spec
      .given([created, added])
      .when({ type: 'CustomizeUnitFloorPlan', ...custom })
      .then([{ type: 'UnitFloorPlanCustomized', data: { projectId: 'p1', ...custom, customizedAt: AT } }]);
    spec
      .given([created])
      .when({ type: 'CustomizeUnitFloorPlan', ...custom })
      .thenThrows('NOT_FOUND');
    const customized: ProjectEvent = { type: 'UnitFloorPlanCustomized', data: { projectId: 'p1', ...custom, customizedAt: AT } };
    spec
      .given([created, added, customized])
      .when({ type: 'CustomizeUnitFloorPlan', ...custom })
      .thenNothingHappens();
    // A unit id naming a prototype member is just an id: its first customisation is recorded, its retry is not.
    const odd = { ...custom, unitId: 'constructor' };
    spec
      .given([created, added])
      .when({ type: 'CustomizeUnitFloorPlan', ...odd })
      .then([{ type: 'UnitFloorPlanCustomized', data: { projectId: 'p1', ...odd, customizedAt: AT } }]);
    spec
      .given([created, added, { type: 'UnitFloorPlanCustomized', data: { projectId: 'p1', ...odd, customizedAt: AT } }])
      .when({ type: 'CustomizeUnitFloorPlan', ...odd })
      .thenNothingHappens();
  });

  it('publishes monthly promotions (discount up to 75 %) and the normal/bonus pricing options', () => {
    const promo = { promotionId: 'nov', month: '2026-11', title: 'Noviembre', description: '5 %', discountPercent: 5 };
    spec
      .given([created])
      .when({ type: 'PublishMonthlyPromotion', ...promo })
      .then([{ type: 'MonthlyPromotionPublished', data: { projectId: 'p1', ...promo, publishedAt: AT } }]);
    spec
      .given([created])
      .when({ type: 'PublishMonthlyPromotion', ...promo, discountPercent: 80 })
      .thenThrows('VALIDATION_FAILED');
    spec
      .given([created])
      .when({ type: 'PublishMonthlyPromotion', ...promo, month: '2026-13' })
      .thenThrows('VALIDATION_FAILED');
    spec
      .given([created])
      .when({ type: 'SetPricingOptions', bonusEnabled: true, bonusDescription: 'Bono pie 10 %' })
      .then([{ type: 'ProjectPricingOptionsSet', data: { projectId: 'p1', bonusEnabled: true, bonusDescription: 'Bono pie 10 %', setAt: AT } }]);
    spec.given([created]).when({ type: 'SetPricingOptions', bonusEnabled: false, bonusDescription: '' }).thenNothingHappens();
  });

  describe('pictures: one primary per category, order by drag and drop', () => {
    const image = (imageId: string, category: 'gallery' | 'cover', primary = false): ProjectEvent => ({
      type: 'ProjectImageAdded',
      data: { projectId: 'p1', imageId, category, name: imageId, fileRef: `catalog/${imageId}.png`, primary, order: 0, addedAt: AT },
    });
    const updated = (imageId: string, changes: Record<string, unknown>): ProjectEvent => ({
      type: 'ProjectImageUpdated',
      data: { projectId: 'p1', imageId, changes, updatedAt: AT },
    });
    const gallery = [created, image('g1', 'gallery', true), image('g2', 'gallery'), image('g3', 'gallery'), image('c1', 'cover', true)];

    it('a new primary takes the mark from the category’s previous one, not from another category’s', () => {
      spec
        .given(gallery)
        .when({ type: 'UpdateProjectImage', imageId: 'g2', primary: true })
        .then([updated('g1', { primary: false }), updated('g2', { primary: true })]);
      spec
        .given(gallery)
        .when({ type: 'AddProjectImage', imageId: 'g4', category: 'gallery', name: 'g4', fileRef: 'catalog/g4.png', primary: true })
        .then([
          updated('g1', { primary: false }),
          {
            type: 'ProjectImageAdded',
            data: { projectId: 'p1', imageId: 'g4', category: 'gallery', name: 'g4', fileRef: 'catalog/g4.png', primary: true, order: 3, addedAt: AT },
          },
        ]);
      spec.given(gallery).when({ type: 'UpdateProjectImage', imageId: 'g1', primary: true }).thenNothingHappens();
    });

    it('moves a picture to a place in its category; the same place changes nothing', () => {
      spec
        .given(gallery)
        .when({ type: 'UpdateProjectImage', imageId: 'g3', order: 0 })
        .then([{ type: 'ProjectImagesReordered', data: { projectId: 'p1', category: 'gallery', imageIds: ['g3', 'g1', 'g2'], reorderedAt: AT } }]);
      spec.given(gallery).when({ type: 'UpdateProjectImage', imageId: 'g2', order: 1 }).thenNothingHappens();
      spec
        .given(gallery)
        .when({ type: 'UpdateProjectImage', imageId: 'g1', order: 99 })
        .then([{ type: 'ProjectImagesReordered', data: { projectId: 'p1', category: 'gallery', imageIds: ['g2', 'g3', 'g1'], reorderedAt: AT } }]);
    });

    it('a picture moved to another category lands in its place there', () => {
      spec
        .given(gallery)
        .when({ type: 'UpdateProjectImage', imageId: 'g2', category: 'cover', order: 0 })
        .then([
          updated('g2', { category: 'cover' }),
          { type: 'ProjectImagesReordered', data: { projectId: 'p1', category: 'cover', imageIds: ['g2', 'c1'], reorderedAt: AT } },
        ]);
    });

    it('refuses an unknown picture, a bad category or name', () => {
      spec.given(gallery).when({ type: 'UpdateProjectImage', imageId: 'nope', name: 'x' }).thenThrows('NOT_FOUND');
      spec
        .given(gallery)
        .when({ type: 'UpdateProjectImage', imageId: 'g1', category: 'selfie' as never })
        .thenThrows('VALIDATION_FAILED');
      spec.given(gallery).when({ type: 'UpdateProjectImage', imageId: 'g1', name: '  ' }).thenThrows('VALIDATION_FAILED');
    });
  });

  it('removes a floor-plan template and a unit’s own plan once', () => {
    const plan: ProjectEvent = {
      type: 'FloorPlanAdded',
      data: { projectId: 'p1', planId: 'f1', typology: '2D2B', model: 'A', name: 'Planta A', fileRef: 'catalog/f1.pdf', primary: true, addedAt: AT },
    };
    const custom: ProjectEvent = {
      type: 'UnitFloorPlanCustomized',
      data: { projectId: 'p1', unitId: 'u1', basePlanId: 'f1', name: 'Planta 101', fileRef: 'catalog/u1.pdf', customizedAt: AT },
    };
    spec
      .given([created, plan])
      .when({ type: 'RemoveFloorPlan', planId: 'f1' })
      .then([{ type: 'FloorPlanRemoved', data: { projectId: 'p1', planId: 'f1', removedAt: AT } }]);
    spec
      .given([created, plan, { type: 'FloorPlanRemoved', data: { projectId: 'p1', planId: 'f1', removedAt: AT } }])
      .when({ type: 'RemoveFloorPlan', planId: 'f1' })
      .thenNothingHappens();
    spec
      .given([created, plan, custom])
      .when({ type: 'RemoveUnitFloorPlanCustomization', unitId: 'u1' })
      .then([{ type: 'UnitFloorPlanCustomizationRemoved', data: { projectId: 'p1', unitId: 'u1', removedAt: AT } }]);
    spec.given([created, plan]).when({ type: 'RemoveUnitFloorPlanCustomization', unitId: 'u1' }).thenNothingHappens();
  });
});
