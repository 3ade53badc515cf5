import type { FloorPlan, MonthlyPromotion, PricingOptions, ProjectDetails, ProjectImage } from '../../domain/catalog/project';
import type { UnitCommercialStatus } from '../../domain/catalog/catalog-values';
import type { UnitSpec } from '../../domain/catalog/unit';

export const PROJECT_DETAILS = 'project_details';
export const PROJECT_UNITS = 'project_units';

export type ProjectDetailDoc = { _id: string; [key: string]: unknown } & Partial<ProjectDetails> & {
    enabled?: boolean;
    featuredOrder?: number | null;
    pricing?: PricingOptions;
    images?: Record<string, ProjectImage & { order?: number }>;
    floorPlans?: Record<string, FloorPlan>;
    unitPlans?: Record<string, { basePlanId: string | null; name: string; fileRef: string }>;
    promotions?: Record<string, MonthlyPromotion>;
    createdAt?: string;
    updatedAt?: string;
  };

/** A row of the project's unit table. Who holds a unit is not shown to other buyers. */
export type ProjectUnitDoc = { _id: string; [key: string]: unknown } & Partial<UnitSpec> & {
    projectId: string;
    enabled: boolean;
    commercialStatus: UnitCommercialStatus;
    updatedAt: string;
  };
