import type { ReactNode } from 'react';
import { Card } from '../../../../shared/ui/layout';
import type { ProjectDraft } from '../../logic/project-draft';

export interface SectionProps {
  readonly draft: ProjectDraft;
  readonly errors: Readonly<Record<string, string>>;
  readonly set: <K extends keyof ProjectDraft>(key: K, value: ProjectDraft[K]) => void;
}

/** One titled part of the project form. */
export function FormSection({ id, title, children }: { readonly id: string; readonly title: string; readonly children: ReactNode }) {
  return (
    <Card aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </Card>
  );
}

/** The props of a text box bound to one draft field. */
export const bindText = ({ draft, errors, set }: SectionProps, key: keyof ProjectDraft & string) => ({
  name: key,
  value: String(draft[key]),
  error: errors[key],
  onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
});

export const bindCheck = ({ draft, errors, set }: SectionProps, key: keyof ProjectDraft & string) => ({
  name: key,
  checked: Boolean(draft[key]),
  error: errors[key],
  onChange: (e: { target: { checked: boolean } }) => set(key, e.target.checked as never),
});
