import type { BackofficeProject, FloorPlan, ProjectUnit } from '../api/catalog-media-api';

export interface TemplateUsage {
  readonly plan: FloorPlan;
  /** Units of its typology and model that show it (those without a plan of their own). */
  readonly units: readonly ProjectUnit[];
}

export interface UnitCustomisation {
  readonly unit: ProjectUnit | undefined;
  readonly unitId: string;
  readonly name: string;
  readonly url: string | null;
  /** The template it overrides, when there is one. */
  readonly replaces: FloorPlan | undefined;
}

const byNumber = (a: ProjectUnit, b: ProjectUnit) => a.unitNumber.localeCompare(b.unitNumber, 'es-CL', { numeric: true });

/** Which units use which plan: the templates per typology and model, and the units' own plans that override them. */
export const floorPlanUsage = (
  project: Pick<BackofficeProject, 'floorPlans' | 'unitPlans' | 'units'>,
): { templates: TemplateUsage[]; customisations: UnitCustomisation[] } => {
  const customised = new Set(project.unitPlans.map((p) => p.unitId));
  const templates = [...project.floorPlans]
    .sort((a, b) => a.typology.localeCompare(b.typology, 'es-CL') || a.model.localeCompare(b.model, 'es-CL') || a.name.localeCompare(b.name, 'es-CL'))
    .map((plan) => ({
      plan,
      units: project.units.filter((u) => u.typology === plan.typology && u.model === plan.model && !customised.has(u.id)).sort(byNumber),
    }));
  const customisations = project.unitPlans
    .map((p) => {
      const unit = project.units.find((u) => u.id === p.unitId);
      return {
        unit,
        unitId: p.unitId,
        name: p.name,
        url: p.url,
        replaces:
          project.floorPlans.find((plan) => plan.id === p.basePlanId) ??
          (unit ? project.floorPlans.find((plan) => plan.typology === unit.typology && plan.model === unit.model) : undefined),
      };
    })
    .sort((a, b) => (a.unit && b.unit ? byNumber(a.unit, b.unit) : a.unitId.localeCompare(b.unitId)));
  return { templates, customisations };
};

/** "101, 102 y 201" (or "Ninguna"). */
export const unitNumbers = (units: readonly Pick<ProjectUnit, 'unitNumber'>[]): string => {
  const numbers = units.map((u) => u.unitNumber);
  if (numbers.length === 0) return 'Ninguna';
  return numbers.length === 1 ? numbers[0] : `${numbers.slice(0, -1).join(', ')} y ${numbers[numbers.length - 1]}`;
};
