import type {} from 'handlebars'; // its types declare the global namespace hbs (the AST)
/** A template's source parsed: its syntax tree (Handlebars' AST, as plain data), or why it does not parse. */
export type ParsedTemplate = { ast: hbs.AST.Program; error?: undefined } | { ast?: undefined; error: string };

export interface RenderedMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/**
 * Parses and renders mail templates away from the caller's event loop (adapters/mail/handlebars-worker.ts):
 * the subject and text without HTML escaping, the HTML with it.
 */
export interface TemplateEngine {
  parse(sources: readonly string[]): Promise<ParsedTemplate[]>;
  render(template: { subject: string; text: string; html: string }, variables: Readonly<Record<string, string | number>>): Promise<RenderedMail>;
}
