import type { KeptParameter } from '../../../domain/financing/financial-parameters';
import { getUser } from '../../../read-models/users/users.queries';
import type { HttpDeps } from '../deps';
import { route, type RouteDef } from '../route';
import { financialParametersEndpoints } from '../../../contract/endpoints/financial-parameters';
import { etag, eventPosition, pathId, requireIfMatch } from './route-helpers';

/** Financial parameters (spec §3, §5): the table the simulator, quotes and the CAE read; every change with who, when and why. */
export const financialParametersRoutes = (deps: HttpDeps): RouteDef<any, any>[] => {
  const nameOf = async (actorId: string): Promise<string | null> => {
    if (actorId === 'system') return null;
    const user = await getUser(deps.readStore, actorId);
    return user ? [user.name, user.firstLastName].filter(Boolean).join(' ') : null;
  };
  const view = async ({ parameterId, ...p }: KeptParameter) => ({ id: parameterId, ...p, modifiedByName: await nameOf(p.modifiedBy) });
  return [
    route(financialParametersEndpoints.getFinancialParameters, {
      summary: 'Every financial parameter, by category and name',
      tag: 'financial-parameters',
      access: 'financial-parameters:manage',
      handler: async () => ({ items: await Promise.all((await deps.financialParameters.list()).map(view)) }),
    }),
    // The templates' routes come before '/financial-parameters/:id', which would take 'templates' for an id.
    route(financialParametersEndpoints.getFinancialParametersTemplates, {
      summary: 'Parameter templates: named sets of values applied to the table in one step',
      tag: 'financial-parameters',
      access: 'financial-parameters:manage',
      handler: async () => ({ items: (await deps.financialParameters.templates()).map(({ templateId, ...t }) => ({ id: templateId, ...t })) }),
    }),
    route(financialParametersEndpoints.postFinancialParametersTemplates, {
      summary: "Save a template: the given values by parameter id, or the table's current values; each value checked against its parameter",
      tag: 'financial-parameters',
      access: 'financial-parameters:manage',
      responses: { 201: '{ id }' },
      handler: async ({ body, res, meta }) => {
        const result = await deps.financialParameters.saveTemplate(body.name, body.description, body.values, meta);
        eventPosition(res, result.position);
        res.status(201);
        const saved = result.events[0];
        return { id: saved?.type === 'FinancialParameterTemplateSaved' ? saved.data.templateId : '' };
      },
    }),
    route(financialParametersEndpoints.postFinancialParametersTemplatesByIdApply, {
      summary: 'Apply a template: every parameter whose value differs changes (with the reason, in its history); the next simulation uses them',
      tag: 'financial-parameters',
      access: 'financial-parameters:manage',
      responses: { 404: 'NOT_FOUND' },
      handler: async ({ params, body, res, meta }) => {
        const result = await deps.financialParameters.applyTemplate(pathId(params), body.reason, meta);
        eventPosition(res, result.position);
        return { templateId: pathId(params), changed: result.events.filter((e) => e.type === 'FinancialParameterChanged').length };
      },
    }),
    route(financialParametersEndpoints.postFinancialParameters, {
      summary: 'Create a parameter: name unique, value matching its type and within min/max (spec §5)',
      tag: 'financial-parameters',
      access: 'financial-parameters:manage',
      responses: { 201: '{ id }' },
      handler: async ({ body, res, meta }) => {
        const result = await deps.financialParameters.create(body, meta);
        eventPosition(res, result.position);
        res.status(201);
        const created = result.events[0];
        return { id: created.type === 'FinancialParameterCreated' ? created.data.parameterId : '' };
      },
    }),
    route(financialParametersEndpoints.getFinancialParametersById, {
      summary: "One parameter; the ETag is the parameter's own version, for If-Match",
      tag: 'financial-parameters',
      access: 'financial-parameters:manage',
      responses: { 404: 'NOT_FOUND' },
      handler: async ({ params, res }) => {
        const kept = await deps.financialParameters.get(pathId(params));
        res.setHeader('ETag', etag(kept.version));
        return view(kept);
      },
    }),
    route(financialParametersEndpoints.patchFinancialParametersById, {
      summary: 'Change a parameter (If-Match required; a reason is kept in its history); the next simulation uses it',
      tag: 'financial-parameters',
      access: 'financial-parameters:manage',
      responses: { 404: 'NOT_FOUND', 412: 'PRECONDITION_FAILED: changed since it was read', 428: 'PRECONDITION_REQUIRED' },
      handler: async ({ params, body, req, res, meta }) => {
        const { reason, ...changes } = body;
        const id = pathId(params);
        const result = await deps.financialParameters.change(id, changes, reason, requireIfMatch(req.header('If-Match')), meta);
        eventPosition(res, result.position);
        const kept = await deps.financialParameters.get(id);
        res.setHeader('ETag', etag(kept.version));
        return view(kept);
      },
    }),
    route(financialParametersEndpoints.getFinancialParametersByIdHistory, {
      summary: "A parameter's history, newest first: who, when, why, each field before and after",
      tag: 'financial-parameters',
      access: 'financial-parameters:manage',
      responses: { 404: 'NOT_FOUND' },
      handler: async ({ params }) => ({
        items: await Promise.all(
          (await deps.financialParameters.history(pathId(params))).map(async (entry) => ({ ...entry, actorName: await nameOf(entry.actor) })),
        ),
      }),
    }),
  ];
};
