import type { Projection } from '../../kernel/projections/projection';
import { guardedUpsert } from '../../kernel/projections/guarded-writes';
import { PROJECT_EVENT_TYPES, type ProjectEvent } from '../../domain/catalog/project';
import { UNIT_EVENT_TYPES, type UnitEvent } from '../../domain/catalog/unit';
import { PROJECT_DETAILS, PROJECT_UNITS, type ProjectDetailDoc, type ProjectUnitDoc } from './project-detail-docs';

/**
 * The project page: every field of the project with its images, floor plans and promotions, and its
 * unit table. Map entries are written by path (`images.<id>`), so each event touches only its own part.
 */
export const projectDetailProjection: Projection<ProjectEvent | UnitEvent> = {
  name: 'project-detail',
  collections: [PROJECT_DETAILS, PROJECT_UNITS],
  categories: ['project', 'unit'],
  eventTypes: [...PROJECT_EVENT_TYPES, ...UNIT_EVENT_TYPES],
  indexes: [{ collection: PROJECT_UNITS, keys: { projectId: 1, unitNumber: 1 } }],
  async apply(recorded, store) {
    const projects = store.collection<ProjectDetailDoc>(PROJECT_DETAILS);
    const units = store.collection<ProjectUnitDoc>(PROJECT_UNITS);
    const project = (id: string, update: Record<string, unknown>) => guardedUpsert(projects, id, recorded, update);
    const unit = (id: string, projectId: string, at: string, set: Record<string, unknown>) =>
      guardedUpsert(units, id, recorded, { $set: { projectId, updatedAt: at, ...set } });
    const event: ProjectEvent | UnitEvent = recorded;
    switch (event.type) {
      case 'ProjectCreated': {
        const { projectId, createdAt, ...details } = event.data;
        await project(projectId, { $set: { ...details, createdAt, updatedAt: createdAt }, $setOnInsert: { enabled: false, featuredOrder: null } });
        return;
      }
      case 'ProjectDetailsUpdated':
        await project(event.data.projectId, { $set: { ...event.data.changes, updatedAt: event.data.updatedAt } });
        return;
      case 'ProjectEnabled':
        await project(event.data.projectId, { $set: { enabled: true, updatedAt: event.data.enabledAt } });
        return;
      case 'ProjectDisabled':
        await project(event.data.projectId, { $set: { enabled: false, updatedAt: event.data.disabledAt } });
        return;
      case 'ProjectFeatured':
        await project(event.data.projectId, { $set: { featuredOrder: event.data.order } });
        return;
      case 'ProjectUnfeatured':
        await project(event.data.projectId, { $set: { featuredOrder: null } });
        return;
      case 'ProjectImageAdded': {
        const { projectId, addedAt: _at, ...image } = event.data;
        await project(projectId, { $set: { [`images.${image.imageId}`]: { ...image, order: image.order ?? 0, variants: image.variants ?? null } } });
        return;
      }
      case 'ProjectImageUpdated': {
        const { projectId, imageId, changes } = event.data;
        const current = (await projects.findOne({ _id: projectId }))?.images?.[imageId];
        if (!current) return;
        await project(projectId, { $set: Object.fromEntries(Object.entries(changes).map(([field, value]) => [`images.${imageId}.${field}`, value])) });
        return;
      }
      case 'ProjectImagesReordered': {
        const { projectId, imageIds } = event.data;
        const doc = await projects.findOne({ _id: projectId });
        const present = imageIds.filter((id) => doc?.images?.[id]);
        if (present.length === 0) return;
        await project(projectId, { $set: Object.fromEntries(present.map((id, order) => [`images.${id}.order`, order])) });
        return;
      }
      case 'FloorPlanRemoved':
        await project(event.data.projectId, { $unset: { [`floorPlans.${event.data.planId}`]: '' } });
        return;
      case 'UnitFloorPlanCustomizationRemoved':
        await project(event.data.projectId, { $unset: { [`unitPlans.${event.data.unitId}`]: '' } });
        return;
      case 'ProjectImageRemoved':
        await project(event.data.projectId, { $unset: { [`images.${event.data.imageId}`]: '' } });
        return;
      case 'FloorPlanAdded': {
        const { projectId, addedAt: _at, ...plan } = event.data;
        await project(projectId, { $set: { [`floorPlans.${plan.planId}`]: plan } });
        return;
      }
      case 'UnitFloorPlanCustomized': {
        const { projectId, unitId, basePlanId, name, fileRef } = event.data;
        await project(projectId, { $set: { [`unitPlans.${unitId}`]: { basePlanId, name, fileRef } } });
        return;
      }
      case 'MonthlyPromotionPublished': {
        const { projectId, publishedAt: _at, ...promotion } = event.data;
        await project(projectId, { $set: { [`promotions.${promotion.promotionId}`]: promotion } });
        return;
      }
      case 'MonthlyPromotionWithdrawn':
        await project(event.data.projectId, { $unset: { [`promotions.${event.data.promotionId}`]: '' } });
        return;
      case 'ProjectPricingOptionsSet': {
        const { bonusEnabled, bonusDescription } = event.data;
        await project(event.data.projectId, { $set: { pricing: { bonusEnabled, bonusDescription } } });
        return;
      }
      case 'UnitAdded': {
        const { unitId, projectId, addedAt, ...spec } = event.data;
        await guardedUpsert(units, unitId, recorded, {
          $set: { projectId, ...spec, updatedAt: addedAt },
          $setOnInsert: { enabled: true, commercialStatus: 'not_reserved' },
        });
        return;
      }
      case 'UnitUpdated':
        await unit(event.data.unitId, event.data.projectId, event.data.updatedAt, event.data.changes);
        return;
      case 'UnitEnabled':
        await unit(event.data.unitId, event.data.projectId, event.data.enabledAt, { enabled: true });
        return;
      case 'UnitDisabled':
        await unit(event.data.unitId, event.data.projectId, event.data.disabledAt, { enabled: false });
        return;
      case 'UnitHeldForReservation':
        await unit(event.data.unitId, event.data.projectId, event.data.heldAt, { commercialStatus: 'in_process' });
        return;
      case 'UnitHoldReleased':
        await unit(event.data.unitId, event.data.projectId, event.data.releasedAt, { commercialStatus: 'not_reserved' });
        return;
      case 'UnitReserved':
        await unit(event.data.unitId, event.data.projectId, event.data.reservedAt, { commercialStatus: 'reserved' });
        return;
      case 'UnitSold':
        await unit(event.data.unitId, event.data.projectId, event.data.soldAt, { commercialStatus: 'sold' });
        return;
    }
  },
};
