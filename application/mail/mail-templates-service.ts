import type {} from 'handlebars'; // its types declare the global namespace hbs (the AST)
import { MAIL_TEMPLATES_STREAM, mailTemplatesDecider, type MailTemplate, type MailTemplateType } from '../../domain/mail/mail-templates';
import { MAIL_TEMPLATES, type MailTemplateKey } from '../../domain/mail/outgoing-mail';
import { DomainError, type FieldError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import { loadStream } from '../../kernel/command-handling/decided-state';
import type { EventStore } from '../../kernel/ports/event-store';
import { BUILT_IN_TEMPLATES } from './built-in-templates';
import type { ParsedTemplate, RenderedMail, TemplateEngine } from './template-engine';

export type { RenderedMail };

export type TemplateVariables = Readonly<Record<string, string | number>>;

export interface TemplateView extends MailTemplate {
  /** One of the platform's own mails (it can be edited, not removed), with its sample values. */
  readonly builtIn: boolean;
  readonly sample: Readonly<Record<string, string>>;
}

const isBuiltIn = (id: string): id is MailTemplateKey => (MAIL_TEMPLATES as readonly string[]).includes(id);

/** Spec §5 limits of a template checked before it is parsed (issue 47: 6,000 nested blocks held the server 32 s). */
const TEMPLATE_LIMITS = { maxChars: 100_000, maxDepth: 8, maxTags: 2_000 } as const;
const BLOCKS = ['if', 'unless', 'each'];
/** Handlebars' own helpers: a variable of one of these names would call it. */
const RESERVED = new Set([...BLOCKS, 'log', 'lookup', 'with', 'blockHelperMissing', 'helperMissing']);
const thousands = (n: number) => n.toLocaleString('es-CL');

/** Size, nesting and number of {{...}} read by a linear scan of the text, before any parser sees it. */
const limitProblems = (source: string, field: string): FieldError[] => {
  if (source.length > TEMPLATE_LIMITS.maxChars)
    return [{ field, code: 'TEMPLATE_TOO_LARGE', message: `La plantilla supera los ${thousands(TEMPLATE_LIMITS.maxChars)} caracteres.` }];
  let depth = 0;
  let deepest = 0;
  let tags = 0;
  for (const tag of source.matchAll(/\{\{~?\s*([#^/]?)/g)) {
    tags++;
    if (tag[1] === '#' || tag[1] === '^') deepest = Math.max(deepest, ++depth);
    else if (tag[1] === '/') depth = Math.max(0, depth - 1);
  }
  if (deepest > TEMPLATE_LIMITS.maxDepth)
    return [
      {
        field,
        code: 'TEMPLATE_TOO_DEEP',
        message: `La plantilla anida demasiados bloques: máximo ${TEMPLATE_LIMITS.maxDepth} niveles de {{#if}}, {{#unless}} o {{#each}}.`,
      },
    ];
  if (tags > TEMPLATE_LIMITS.maxTags)
    return [{ field, code: 'TEMPLATE_TOO_LARGE', message: `La plantilla tiene demasiadas expresiones {{...}}: máximo ${thousands(TEMPLATE_LIMITS.maxTags)}.` }];
  return [];
};

const ONLY_VARIABLES = 'Use solo variables, {{#if}}, {{#unless}} y {{#each}}: sin funciones ni subexpresiones.';

/**
 * The variable names a parsed template uses, against the allow list: plain variables, and {{#if}}, {{#unless}}
 * and {{#each}} over one variable. Any other helper, a sub-expression `(...)`, a hash, a partial or a decorator
 * is refused when the template is saved, so nothing saved fails when a mail is rendered.
 */
const variablesOf = (parsed: ParsedTemplate, field: string): { used: Set<string>; problems: FieldError[] } => {
  const used = new Set<string>();
  const problems: FieldError[] = [];
  if (parsed.error !== undefined) return { used, problems: [{ field, code: 'INVALID_TEMPLATE', message: `La plantilla no es válida: ${parsed.error}` }] };
  const refuse = (message = ONLY_VARIABLES) => {
    if (!problems.some((p) => p.message === message)) problems.push({ field, code: 'INVALID_TEMPLATE', message });
  };
  const variable = (node: hbs.AST.Node | undefined) => {
    if (node?.type !== 'PathExpression') return refuse();
    const path = node as hbs.AST.PathExpression;
    const head = path.parts[0] ?? '';
    if (path.parts.length && RESERVED.has(head)) return refuse(`{{${head}}} no es una variable de la plantilla.`);
    used.add(head);
  };
  const visit = (node: hbs.AST.Node): void => {
    switch (node.type) {
      case 'Program':
        (node as hbs.AST.Program).body.forEach(visit);
        return;
      case 'MustacheStatement': {
        const m = node as hbs.AST.MustacheStatement;
        if (m.params.length || m.hash) refuse();
        variable(m.path);
        return;
      }
      case 'BlockStatement': {
        const b = node as hbs.AST.BlockStatement;
        const helper = b.path.type === 'PathExpression' ? (b.path as hbs.AST.PathExpression).original : '';
        if (!BLOCKS.includes(helper)) refuse(`Bloque no permitido: {{#${helper || '(...)'}}}.`);
        if (b.params.length !== 1 || b.hash) refuse();
        b.params.forEach(variable);
        if (b.program) visit(b.program);
        if (b.inverse) visit(b.inverse);
        return;
      }
      case 'PartialStatement':
      case 'PartialBlockStatement':
        refuse('La plantilla no puede incluir otras plantillas.');
        return;
      case 'DecoratorBlock':
      case 'Decorator':
        refuse();
        return;
      default:
        return;
    }
  };
  visit(parsed.ast);
  return { used, problems };
};

const FIELDS = ['subject', 'html', 'text'] as const;

/**
 * Mail templates (spec §3, §5): the platform's mails are templates editable in the back office; a saved
 * version replaces the built-in one. Content may use only the template's allowed variables; values are
 * escaped in HTML. Rendering happens when a mail is queued, so the outbox holds what was sent.
 */
export class MailTemplatesService {
  constructor(
    private readonly events: EventStore,
    private readonly engine: TemplateEngine,
  ) {}

  /** Every problem of the three parts: limits first (nothing too big reaches the parser), then the allow list. */
  private async problemsOf(draft: {
    subject: string;
    html: string;
    text: string;
  }): Promise<{ field: (typeof FIELDS)[number]; used: Set<string>; problems: FieldError[] }[]> {
    const limited = FIELDS.map((field) => ({ field, problems: limitProblems(draft[field], field) }));
    if (limited.some((l) => l.problems.length)) return limited.map((l) => ({ ...l, used: new Set<string>() }));
    const parsed = await this.engine
      .parse(FIELDS.map((field) => draft[field]))
      .catch((error: Error) => FIELDS.map(() => ({ error: error.message }) as ParsedTemplate));
    return FIELDS.map((field, i) => ({ field, ...variablesOf(parsed[i], field) }));
  }

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
    for (const { field, used, problems: syntax } of await this.problemsOf(input)) {
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
    return this.engine.render(source, variables);
  }

  /** A draft (or the saved template) with its sample values, for the editor's preview. */
  async preview(draft: { subject: string; html: string; text: string }, variables: TemplateVariables): Promise<RenderedMail> {
    const problems = (await this.problemsOf(draft)).flatMap((p) => p.problems);
    if (problems.length) throw new DomainError('VALIDATION_FAILED', 'mail template', problems);
    return this.engine.render(draft, variables).catch((error: Error) => {
      throw new DomainError('VALIDATION_FAILED', 'mail template', [
        { field: 'html', code: 'INVALID_TEMPLATE', message: `No se pudo generar la vista previa: ${error.message}` },
      ]);
    });
  }
}
