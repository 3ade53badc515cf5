import type { PlanTarget, ProjectUnit } from '../api/catalog-media-api';

/** One file of the bulk floor-plan upload and what it is assigned to (step 2). */
export interface PlanAssignment {
  readonly key: string;
  readonly fileName: string;
  readonly typology: string;
  readonly model: string;
  readonly unitIds: readonly string[];
}

export const BULK_PLAN_STEPS = ['Elegir archivos', 'Asignar', 'Confirmar'] as const;

/** Spec §5: the bulk floor-plan upload needs every file assigned to at least one unit. */
export const assignmentProblem = (assignments: readonly PlanAssignment[]): string | null => {
  if (assignments.length === 0) return 'Elija al menos un archivo de plano.';
  const missing = assignments.filter((a) => a.unitIds.length === 0).map((a) => `«${a.fileName}»`);
  if (missing.length === 0) return null;
  return `Asigne cada plano al menos a una unidad. Falta${missing.length > 1 ? 'n' : ''}: ${missing.join(', ')}.`;
};

/**
 * What the server is sent for a file: its units, and the typology and model chosen (or, when left blank,
 * those of its first unit, so the customisation is filed under the template it overrides).
 */
export const planTarget = (assignment: PlanAssignment, units: readonly ProjectUnit[]): PlanTarget => {
  const first = units.find((u) => u.id === assignment.unitIds[0]);
  return {
    typology: assignment.typology.trim() || first?.typology || '',
    model: assignment.typology.trim() ? assignment.model.trim() : (first?.model ?? ''),
    unitIds: assignment.unitIds,
    name: assignment.fileName.replace(/\.[^.]+$/, '').slice(0, 120),
  };
};

/** The units of a typology and model (the quick "all of this type" choice). */
export const unitsOfType = (units: readonly ProjectUnit[], typology: string, model: string): string[] =>
  units.filter((u) => u.typology === typology && (!model || u.model === model)).map((u) => u.id);

/** Distinct typology/model pairs of the project's units, for the pickers. */
export const unitTypes = (units: readonly ProjectUnit[]): { typology: string; model: string }[] => {
  const seen = new Map<string, { typology: string; model: string }>();
  for (const u of units) seen.set(`${u.typology}\u0000${u.model}`, { typology: u.typology, model: u.model });
  return [...seen.values()].sort((a, b) => a.typology.localeCompare(b.typology, 'es-CL') || a.model.localeCompare(b.model, 'es-CL'));
};

/** The wizard's progress indicator: steps before the current one are done. */
export const bulkPlanSteps = (current: number): { label: string; state: 'done' | 'current' | 'pending' }[] =>
  BULK_PLAN_STEPS.map((label, index) => ({ label, state: index < current ? 'done' : index === current ? 'current' : 'pending' }));
