import Handlebars from 'handlebars';
import { MAIL_TEMPLATES_STREAM, mailTemplatesDecider, type MailTemplate, type MailTemplateType } from '../../domain/mail/mail-templates';
import { MAIL_TEMPLATES, type MailTemplateKey } from '../../domain/mail/outgoing-mail';
import { DomainError, type FieldError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { handleCommand } from '../command-handling/handle-command';
import { loadStream } from '../command-handling/decided-state';
import type { EventStore } from '../ports/event-store';
import { BUILT_IN_TEMPLATES } from './built-in-templates';

export type TemplateVariables = Readonly<Record<string, string | number>>;

export interface TemplateView extends MailTemplate {
  /** One of the platform's own mails (it can be edited, not removed), with its sample values. */
  readonly builtIn: boolean;
  readonly sample: Readonly<Record<string, string>>;
}

export interface RenderedMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

const isBuiltIn = (id: string): id is MailTemplateKey => (MAIL_TEMPLATES as readonly string[]).includes(id);

/** The variable names a template uses; helpers and partials other than if/unless/each are refused. */
const variablesOf = (source: string, field: string): { used: Set<string>; problems: FieldError[] } => {
  const used = new Set<string>();
  const problems: FieldError[] = [];
  let ast: hbs.AST.Program;
  try {
    ast = Handlebars.parse(source);
  } catch (error) {
    return { used, problems: [{ field, code: 'INVALID_TEMPLATE', message: `La plantilla no es válida: ${(error as Error).message.split('\n')[0]}` }] };
  }
  const path = (node: hbs.AST.Expression) => {
    if (node.type === 'PathExpression') used.add((node as hbs.AST.PathExpression).parts[0] ?? '');
  };
  const visit = (node: hbs.AST.Node): void => {
    switch (node.type) {
      case 'Program':
        (node as hbs.AST.Program).body.forEach(visit);
        return;
      case 'MustacheStatement': {
        const m = node as hbs.AST.MustacheStatement;
        if (m.params.length || m.hash) problems.push({ field, code: 'INVALID_TEMPLATE', message: 'Use solo variables, {{#if}}, {{#unless}} y {{#each}}.' });
        path(m.path as hbs.AST.Expression);
        return;
      }
      case 'BlockStatement': {
        const b = node as hbs.AST.BlockStatement;
        const helper = (b.path as hbs.AST.PathExpression).original;
        if (!['if', 'unless', 'each'].includes(helper)) problems.push({ field, code: 'INVALID_TEMPLATE', message: `Bloque no permitido: {{#${helper}}}.` });
        b.params.forEach((param) => path(param));
        if (b.program) visit(b.program);
        if (b.inverse) visit(b.inverse);
        return;
      }
      case 'PartialStatement':
      case 'PartialBlockStatement':
      case 'DecoratorBlock':
        problems.push({ field, code: 'INVALID_TEMPLATE', message: 'La plantilla no puede incluir otras plantillas.' });
        return;
      default:
        return;
    }
  };
  visit(ast);
  return { used, problems };
};

/**
 * Mail templates (spec §3, §5): the platform's mails are templates editable in the back office; a saved
 * version replaces the built-in one. Content may use only the template's allowed variables; values are
 * escaped in HTML. Rendering happens when a mail is queued, so the outbox holds what was sent.
 */
export class MailTemplatesService {
  constructor(private readonly events: EventStore) {}

  private async saved() {
    return loadStream(this.events, MAIL_TEMPLATES_STREAM, mailTemplatesDecider);
  }

  async list(): Promise<{ items: TemplateView[]; revision: number }> {
    const { state, revision } = await this.saved();
    const builtIns = MAIL_TEMPLATES.map((key) => this.view(key, state.templates.get(key)));
    const own = [...state.templates.values()]
      .filter((t) => !isBuiltIn(t.templateId))
      .map((t) => ({ ...t, builtIn: false, sample: Object.fromEntries(t.variables.map((v) => [v, `[${v}]`])) }));
    return { items: [...builtIns, ...own], revision };
  }

  async get(templateId: string): Promise<TemplateView | null> {
    return (await this.list()).items.find((t) => t.templateId === templateId) ?? null;
  }

  private view(key: MailTemplateKey, saved: MailTemplate | undefined): TemplateView {
    const b = BUILT_IN_TEMPLATES[key];
    const base: MailTemplate = {
      templateId: key,
      name: b.name,
      type: b.type,
      language: 'es-CL',
      subject: b.subject,
      html: b.html,
      text: b.text,
      variables: Object.keys(b.variables),
      active: true,
      isDefault: false,
    };
    // A built-in mail's variables are what the platform passes it: an edit cannot add others.
    return { ...(saved ?? base), variables: base.variables, builtIn: true, sample: b.variables };
  }

  /** Checks the content against the template's variables (spec §5) and saves it. */
  async save(
    input: {
      templateId: string;
      name: string;
      type: MailTemplateType;
      language: string;
      subject: string;
      html: string;
      text: string;
      variables: readonly string[];
      active: boolean;
      isDefault: boolean;
    },
    meta: CommandMetadata,
  ) {
    const allowed = new Set(isBuiltIn(input.templateId) ? Object.keys(BUILT_IN_TEMPLATES[input.templateId].variables) : input.variables);
    const problems: FieldError[] = [];
    for (const field of ['subject', 'html', 'text'] as const) {
      const { used, problems: syntax } = variablesOf(input[field], field);
      problems.push(...syntax);
      const unknown = [...used].filter((v) => !allowed.has(v));
      if (unknown.length)
        problems.push({
          field,
          code: 'VARIABLE_NOT_ALLOWED',
          message: `Variables no permitidas: ${unknown.map((v) => `{{${v}}}`).join(', ')}. Use solo: ${[...allowed].map((v) => `{{${v}}}`).join(', ') || 'ninguna'}.`,
        });
    }
    if (isBuiltIn(input.templateId) && input.type !== BUILT_IN_TEMPLATES[input.templateId].type)
      problems.push({ field: 'type', code: 'INVALID_VALUE', message: 'El tipo de un correo de la plataforma no cambia.' });
    const builtInNameClash = MAIL_TEMPLATES.some(
      (key) => key !== input.templateId && BUILT_IN_TEMPLATES[key].name.toLowerCase() === input.name.trim().toLowerCase(),
    );
    if (builtInNameClash) problems.push({ field: 'name', code: 'DUPLICATE', message: 'Ya existe una plantilla con ese nombre.' });
    if (problems.length) throw new DomainError('VALIDATION_FAILED', 'mail template', problems);
    const template: MailTemplate = { ...input, name: input.name.trim(), variables: [...allowed] };
    return handleCommand(this.events, MAIL_TEMPLATES_STREAM, mailTemplatesDecider, { type: 'SaveMailTemplate', template }, meta);
  }

  /** The template with these values; a mail of the platform whose saved version is inactive uses its built-in text. */
  async render(templateId: string, variables: TemplateVariables): Promise<RenderedMail> {
    const { state } = await this.saved();
    const saved = state.templates.get(templateId);
    const source = saved?.active ? saved : isBuiltIn(templateId) ? BUILT_IN_TEMPLATES[templateId] : saved;
    if (!source) throw new DomainError('NOT_FOUND', `template ${templateId}`);
    return renderWith(source, variables);
  }

  /** A draft (or the saved template) with its sample values, for the editor's preview. */
  preview(draft: { subject: string; html: string; text: string }, variables: TemplateVariables): RenderedMail {
    const problems = (['subject', 'html', 'text'] as const).flatMap((field) => variablesOf(draft[field], field).problems);
    if (problems.length) throw new DomainError('VALIDATION_FAILED', 'mail template', problems);
    return renderWith(draft, variables);
  }
}

const renderWith = (t: { subject: string; html: string; text: string }, variables: TemplateVariables): RenderedMail => ({
  subject: Handlebars.compile(t.subject, { noEscape: true, strict: false })(variables).replace(/\s+/g, ' ').trim(),
  text: Handlebars.compile(t.text, { noEscape: true })(variables),
  html: Handlebars.compile(t.html)(variables),
});
