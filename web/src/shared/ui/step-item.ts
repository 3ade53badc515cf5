/** A step of a progress indicator (ui/Steps.tsx) and its state; plain data that flows can compute. */
export type StepState = 'done' | 'current' | 'failed' | 'pending';

export interface StepItem {
  readonly label: string;
  readonly state: StepState;
}
