import type { ProjectDetail, UnitRow } from '../../api/catalog-api';
import type { PlanOption } from '../FloorPlanViewer';

/** The floor plans to offer: the unit's own plan first when it has one, else the unit's template or the project's primary. */
export const plansOf = (project: ProjectDetail, unit: UnitRow | null): { plans: PlanOption[]; initial: string | null } => {
  const plans: PlanOption[] = project.floorPlans
    .filter((p): p is typeof p & { url: string } => Boolean(p.url))
    .map((p) => ({ id: p.id, name: p.name, url: p.url }));
  const unitPlan = unit?.floorPlan;
  if (unit && unitPlan?.url && unitPlan.customized) {
    const id = `unit-${unit.id}`;
    return { plans: [{ id, name: `${unitPlan.name} (unidad ${unit.unitNumber})`, url: unitPlan.url }, ...plans], initial: id };
  }
  const primary = project.floorPlans.find((p) => p.primary)?.id ?? null;
  return { plans, initial: unitPlan?.planId ?? primary };
};
