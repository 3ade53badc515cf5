import { DomainError, type FieldError } from '../shared/errors';
import type { CommandMetadata, Decider, DomainEvent } from '../shared/event';

/**
 * The mail templates (stream `email-templates`, spec §3 Templates): the platform's own mails as edited in the
 * back office, and templates of its own kinds (notification, digest, marketing...). One stream for all, so
 * "names are unique" and "one default per type" are decided without a race.
 */
export const TEMPLATE_TYPES = ['notification', 'digest', 'marketing', 'system', 'transactional'] as const;
export type MailTemplateType = (typeof TEMPLATE_TYPES)[number];

export interface MailTemplate {
  readonly templateId: string;
  readonly name: string;
  readonly type: MailTemplateType;
  readonly language: string;
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  /** The variables its content may use (checked by the application, which parses the template). */
  readonly variables: readonly string[];
  readonly active: boolean;
  /** The template used for its type when no other is named (one per type). */
  readonly isDefault: boolean;
}

export type MailTemplatesEvent = DomainEvent<'MailTemplateSaved', { template: MailTemplate; savedBy: string; savedAt: string }>;

export type MailTemplatesCommand = { type: 'SaveMailTemplate'; template: MailTemplate };

export interface MailTemplatesState {
  readonly templates: ReadonlyMap<string, MailTemplate>;
}

export const MAIL_TEMPLATES_STREAM = 'email-templates';

const required = (t: MailTemplate): FieldError[] =>
  (['name', 'subject', 'html', 'text'] as const)
    .filter((field) => !t[field].trim())
    .map((field) => ({
      field,
      code: 'REQUIRED',
      message: {
        name: 'El nombre de la plantilla es obligatorio.',
        subject: 'El asunto es obligatorio.',
        html: 'El contenido HTML es obligatorio.',
        text: 'El contenido de texto es obligatorio.',
      }[field],
    }));

export const mailTemplatesDecider: Decider<MailTemplatesCommand, MailTemplatesState, MailTemplatesEvent> = {
  initialState: () => ({ templates: new Map() }),
  evolve: (state, event) => {
    const saved = event.data.template;
    const templates = new Map(state.templates);
    // A new default of its type takes the flag from the previous one.
    if (saved.isDefault)
      for (const [id, t] of templates) if (t.type === saved.type && t.isDefault && id !== saved.templateId) templates.set(id, { ...t, isDefault: false });
    templates.set(saved.templateId, saved);
    return { templates };
  },
  decide: (command, state, meta: CommandMetadata) => {
    const t = command.template;
    const problems = required(t);
    const clash = [...state.templates.values()].find((o) => o.templateId !== t.templateId && o.name.trim().toLowerCase() === t.name.trim().toLowerCase());
    if (clash) problems.push({ field: 'name', code: 'DUPLICATE', message: 'Ya existe una plantilla con ese nombre.' });
    if (t.isDefault && !t.active)
      problems.push({ field: 'isDefault', code: 'INVALID_VALUE', message: 'Una plantilla inactiva no puede ser la predeterminada.' });
    if (problems.length) throw new DomainError('VALIDATION_FAILED', 'mail template', problems);
    if (JSON.stringify(state.templates.get(t.templateId)) === JSON.stringify(t)) return [];
    return [{ type: 'MailTemplateSaved', data: { template: t, savedBy: meta.actorId, savedAt: meta.now.toISOString() } }];
  },
};
