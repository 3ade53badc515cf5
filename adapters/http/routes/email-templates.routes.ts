import type { TemplateView } from '../../../application/mail/mail-templates-service';
import type { HttpDeps } from '../deps';
import { ApiError } from '../errors';
import { route, type RouteDef } from '../route';
import { emailTemplatesEndpoints } from '../../../contract/endpoints/email-templates';
import { eventPosition } from './route-helpers';

/** Built-in ids are the platform's mail keys (`password_reset`); created ones are uuids. */
const templateId = (params: Record<string, string>): string => {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(params.id ?? '')) throw new ApiError('NOT_FOUND');
  return params.id;
};

const view = ({ templateId, ...t }: TemplateView) => ({ id: templateId, ...t, variables: [...t.variables] });

/** Mail templates (spec §3 Templates, §5 only allowed variables): the platform's mails and templates of its own. */
export const emailTemplatesRoutes = (deps: HttpDeps): RouteDef<any, any>[] => [
  route(emailTemplatesEndpoints.getEmailTemplates, {
    summary: "The platform's mails as templates (built in, editable) and the ones created here",
    tag: 'email',
    access: 'email:manage',
    handler: async () => ({ items: (await deps.emailTemplates.list()).items.map(view) }),
  }),
  // Before '/email/templates/:id', which would take 'preview' for an id.
  route(emailTemplatesEndpoints.postEmailTemplatesPreview, {
    summary: 'Render a draft with sample values (the template’s own, or the ones given); HTML values escaped',
    tag: 'email',
    access: 'email:manage',
    handler: async ({ body }) => {
      const saved = body.templateId ? await deps.emailTemplates.get(body.templateId) : null;
      return deps.emailTemplates.preview(body, { ...(saved?.sample ?? {}), ...(body.variables ?? {}) });
    },
  }),
  route(emailTemplatesEndpoints.getEmailTemplatesById, {
    summary: 'One template with its allowed variables and sample values',
    tag: 'email',
    access: 'email:manage',
    responses: { 404: 'NOT_FOUND' },
    handler: async ({ params }) => {
      const template = await deps.emailTemplates.get(templateId(params));
      if (!template) throw new ApiError('NOT_FOUND');
      return view(template);
    },
  }),
  route(emailTemplatesEndpoints.postEmailTemplates, {
    summary: 'Create a template (notification, digest, marketing, system, transactional); its content may use only the variables it declares',
    tag: 'email',
    access: 'email:manage',
    responses: { 201: '{ id }' },
    handler: async ({ body, res, meta }) => {
      const id = deps.ids.newId();
      const result = await deps.emailTemplates.save({ templateId: id, ...body }, meta);
      eventPosition(res, result.position);
      res.status(201);
      return { id };
    },
  }),
  route(emailTemplatesEndpoints.putEmailTemplatesById, {
    summary: "Save a template: a platform mail's saved version replaces the built-in one (its variables are fixed); one default per type",
    tag: 'email',
    access: 'email:manage',
    responses: { 404: 'NOT_FOUND' },
    handler: async ({ params, body, res, meta }) => {
      const id = templateId(params);
      if (!(await deps.emailTemplates.get(id))) throw new ApiError('NOT_FOUND');
      const result = await deps.emailTemplates.save({ templateId: id, ...body }, meta);
      eventPosition(res, result.position);
      return view((await deps.emailTemplates.get(id))!);
    },
  }),
];
