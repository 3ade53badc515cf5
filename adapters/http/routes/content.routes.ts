import { homeSectionSchemas, LEGAL_DOCUMENTS, sectionParam, type HomeSectionName } from '../../../contract/content';
import { legalDocumentAt, savedHomeContent } from '../../../read-models/site-content/site-content.queries';
import { HOME_DEFAULTS } from '../../seed/site-content-defaults';
import type { HttpDeps } from '../deps';
import { ApiError } from '../errors';
import { route, type RouteDef } from '../route';
import { contentEndpoints, legalDocumentEndpoints } from '../../../contract/endpoints/content';
import { etag, eventPosition, requireIfMatch } from './route-helpers';

const sectionOf = (params: Record<string, string>): HomeSectionName => {
  const parsed = sectionParam.safeParse(params.section);
  if (!parsed.success) throw new ApiError('NOT_FOUND');
  return parsed.data;
};

/** Site content (spec §1, §2): the public home's sections and the versioned terms and privacy policy. */
export const contentRoutes = (deps: HttpDeps): RouteDef<any, any>[] => [
  route(contentEndpoints.getContentHome, {
    summary: "The public home's sections: each as an editor last saved it, or the platform's first text; ETag for If-Match",
    tag: 'content',
    access: 'public',
    handler: async ({ res }) => {
      const saved = await savedHomeContent(deps.readStore);
      res.setHeader('ETag', etag(saved.revision));
      return { sections: { ...HOME_DEFAULTS, ...saved.sections }, updatedAt: saved.updatedAt, revision: saved.revision };
    },
  }),
  route(contentEndpoints.putContentHomeBySection, {
    summary: 'Save one home section (hero, about, services, stats, subsidies, testimonials, otherAssets); If-Match required',
    tag: 'content',
    access: 'content:manage',
    responses: { 404: 'NOT_FOUND: no such section', 412: 'PRECONDITION_FAILED: someone saved the home since', 428: 'PRECONDITION_REQUIRED' },
    handler: async ({ req, res, params, meta }) => {
      const section = sectionOf(params);
      // Each section has its own shape, so the body is checked against the section named in the path.
      // (a ZodError is answered 400 VALIDATION_FAILED with every field error, like a declared body).
      const content = homeSectionSchemas[section].parse(req.body) as Record<string, unknown>;
      const result = await deps.content.updateHomeSection(section, content, meta, requireIfMatch(req.header('If-Match')));
      eventPosition(res, result.position);
      res.setHeader('ETag', etag(result.revision));
      return { section, revision: result.revision };
    },
  }),
  ...LEGAL_DOCUMENTS.flatMap((kind) => [
    route(legalDocumentEndpoints[kind].read, {
      summary: `The ${kind === 'terms' ? 'terms and conditions' : 'privacy policy'} in force and the upcoming version with the date it takes effect`,
      tag: 'content',
      access: 'public',
      handler: async () => legalDocumentAt(deps.readStore, kind, deps.clock.now()),
    }),
    route(legalDocumentEndpoints[kind].publish, {
      summary: `Publish a new version of the ${kind === 'terms' ? 'terms' : 'privacy policy'}: in force 10 calendar days later (spec §9), the first version at once`,
      tag: 'content',
      access: 'content:manage',
      responses: { 201: '{ version, effectiveAt }', 422: 'BUSINESS_RULE_VIOLATION: the text is the same as the last version published' },
      handler: async ({ body, res, meta }) => {
        const result = await deps.content.publishLegalDocument(kind, body.title, body.body, meta);
        eventPosition(res, result.position);
        const published = result.events[0];
        if (!published)
          throw new ApiError('BUSINESS_RULE_VIOLATION', [{ field: 'body', code: 'UNCHANGED', message: 'El texto es igual a la última versión publicada.' }]);
        res.status(201);
        return { version: published.data.version, effectiveAt: published.data.effectiveAt };
      },
    }),
  ]),
];
