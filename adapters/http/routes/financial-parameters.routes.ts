import {
  applyTemplateBody,
  changeParameterBody,
  createParameterBody,
  financialParameter,
  financialParametersResponse,
  parameterHistoryResponse,
  saveTemplateBody,
  templateAppliedResponse,
  templatesResponse,
} from '../../../contract/financial-parameters';
import type { KeptParameter } from '../../../domain/financing/financial-parameters';
import { getUser } from '../../../read-models/users/users.queries';
import type { HttpDeps } from '../deps';
import { route, type RouteDef } from '../route';
import { eventPosition, pathId } from './route-helpers';
import { etag, requireIfMatch } from './users.routes';
import { createdResponse } from '../../../contract/common';

/** Financial parameters (spec §3, §5): the table the simulator, quotes and the CAE read; every change with who, when and why. */
export const financialParametersRoutes = (deps: HttpDeps): RouteDef<any, any>[] => {
  const nameOf = async (actorId: string): Promise<string | null> => {
    if (actorId === 'system') return null;
    const user = await getUser(deps.readStore, actorId);
    return user ? [user.name, user.firstLastName].filter(Boolean).join(' ') : null;
  };
  const view = async ({ parameterId, ...p }: KeptParameter) => ({ id: parameterId, ...p, modifiedByName: await nameOf(p.modifiedBy) });
  return [
    route({
      method: 'get',
      path: '/financial-parameters',
      summary: 'Every financial parameter, by category and name',
      tag: 'financial-parameters',
      access: 'financial-parameters:manage',
      response: financialParametersResponse,
      handler: async () => ({ items: await Promise.all((await deps.financialParameters.list()).map(view)) }),
    }),
    // The templates' routes come before '/financial-parameters/:id', which would take 'templates' for an id.
    route({
      method: 'get',
      path: '/financial-parameters/templates',
      summary: 'Parameter templates: named sets of values applied to the table in one step',
      tag: 'financial-parameters',
      access: 'financial-parameters:manage',
      response: templatesResponse,
      handler: async () => ({ items: (await deps.financialParameters.templates()).map(({ templateId, ...t }) => ({ id: templateId, ...t })) }),
    }),
    route({
      method: 'post',
      path: '/financial-parameters/templates',
      summary: "Save a template: the given values by parameter id, or the table's current values; each value checked against its parameter",
      tag: 'financial-parameters',
      access: 'financial-parameters:manage',
      response: createdResponse,
      body: saveTemplateBody,
      responses: { 201: '{ id }' },
      handler: async ({ body, res, meta }) => {
        const result = await deps.financialParameters.saveTemplate(body.name, body.description, body.values, meta);
        eventPosition(res, result.position);
        res.status(201);
        const saved = result.events[0];
        return { id: saved?.type === 'FinancialParameterTemplateSaved' ? saved.data.templateId : '' };
      },
    }),
    route({
      method: 'post',
      path: '/financial-parameters/templates/:id/apply',
      summary: 'Apply a template: every parameter whose value differs changes (with the reason, in its history); the next simulation uses them',
      tag: 'financial-parameters',
      access: 'financial-parameters:manage',
      body: applyTemplateBody,
      response: templateAppliedResponse,
      responses: { 404: 'NOT_FOUND' },
      handler: async ({ params, body, res, meta }) => {
        const result = await deps.financialParameters.applyTemplate(pathId(params), body.reason, meta);
        eventPosition(res, result.position);
        return { templateId: pathId(params), changed: result.events.filter((e) => e.type === 'FinancialParameterChanged').length };
      },
    }),
    route({
      method: 'post',
      path: '/financial-parameters',
      summary: 'Create a parameter: name unique, value matching its type and within min/max (spec §5)',
      tag: 'financial-parameters',
      access: 'financial-parameters:manage',
      response: createdResponse,
      body: createParameterBody,
      responses: { 201: '{ id }' },
      handler: async ({ body, res, meta }) => {
        const result = await deps.financialParameters.create(body, meta);
        eventPosition(res, result.position);
        res.status(201);
        const created = result.events[0];
        return { id: created.type === 'FinancialParameterCreated' ? created.data.parameterId : '' };
      },
    }),
    route({
      method: 'get',
      path: '/financial-parameters/:id',
      summary: "One parameter; the ETag is the parameter's own version, for If-Match",
      tag: 'financial-parameters',
      access: 'financial-parameters:manage',
      response: financialParameter,
      responses: { 404: 'NOT_FOUND' },
      handler: async ({ params, res }) => {
        const kept = await deps.financialParameters.get(pathId(params));
        res.setHeader('ETag', etag(kept.version));
        return view(kept);
      },
    }),
    route({
      method: 'patch',
      path: '/financial-parameters/:id',
      summary: 'Change a parameter (If-Match required; a reason is kept in its history); the next simulation uses it',
      tag: 'financial-parameters',
      access: 'financial-parameters:manage',
      body: changeParameterBody,
      response: financialParameter,
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
    route({
      method: 'get',
      path: '/financial-parameters/:id/history',
      summary: "A parameter's history, newest first: who, when, why, each field before and after",
      tag: 'financial-parameters',
      access: 'financial-parameters:manage',
      response: parameterHistoryResponse,
      responses: { 404: 'NOT_FOUND' },
      handler: async ({ params }) => ({
        items: await Promise.all(
          (await deps.financialParameters.history(pathId(params))).map(async (entry) => ({ ...entry, actorName: await nameOf(entry.actor) })),
        ),
      }),
    }),
  ];
};
