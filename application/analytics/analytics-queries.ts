import { hasPermission } from '../../domain/access/permissions';
import { analyticsProjects, salesAnalytics, type Granularity } from '../../read-models/sales-analytics/sales-analytics.queries';
import { leadAnalytics } from '../../read-models/lead-analytics/lead-analytics.queries';
import { getCompany, listCompanies } from '../../read-models/companies/companies.queries';
import { COLLABORATORS, listCollaborators } from '../../read-models/collaborators/collaborators.queries';
import { listCampaigns } from '../../read-models/campaigns/campaigns.queries';
import { usersByIds } from '../../read-models/users/users.queries';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { CompanyKind } from '../../domain/companies/company';

/**
 * Who sees which figures. Holders of analytics:all (analysts, auditors, administrators) see every company
 * and filter as they like; anyone else with analytics:read is a company user and sees only their company:
 * a real-estate company its own projects, a partner employer its own collaborators. The scope is decided
 * here from the caller's membership, never from what the request asks.
 */
export type AnalyticsScope =
  { readonly kind: 'all' } | { readonly kind: 'company'; readonly companyId: string; readonly companyKind: CompanyKind } | { readonly kind: 'none' };

export interface AnalyticsCaller {
  readonly userId: string;
  readonly roles: readonly string[];
}

/** A company id no company has: a caller without a company sees zeros, never someone else's figures. */
const NOBODY = '__nadie__';

export const resolveAnalyticsScope = async (
  store: ReadStore,
  memberships: { companyOf(userId: string): Promise<string | null> },
  caller: AnalyticsCaller,
): Promise<AnalyticsScope> => {
  if (hasPermission(caller.roles, 'analytics:all')) return { kind: 'all' };
  const companyId = await memberships.companyOf(caller.userId);
  const company = companyId ? await getCompany(store, companyId) : null;
  return company ? { kind: 'company', companyId: company.id, companyKind: company.kind } : { kind: 'none' };
};

const scopeOut = (scope: AnalyticsScope) => (scope.kind === 'company' ? { companyId: scope.companyId, kind: scope.companyKind } : null);

export interface SalesFilters {
  from: string;
  to: string;
  granularity: Granularity;
  projectId?: string;
  realEstateCompanyId?: string;
  partnerCompanyId?: string;
}

const scopedFilters = <F extends { realEstateCompanyId?: string; partnerCompanyId?: string }>(scope: AnalyticsScope, filters: F): F => {
  if (scope.kind === 'all') return filters;
  if (scope.kind === 'none') return { ...filters, realEstateCompanyId: NOBODY };
  return scope.companyKind === 'real_estate' ? { ...filters, realEstateCompanyId: scope.companyId } : { ...filters, partnerCompanyId: scope.companyId };
};

const companyNames = async (store: ReadStore) => new Map((await listCompanies(store, {})).items.map((c) => [c.id, c.name]));

export const salesAnalyticsFor = async (store: ReadStore, scope: AnalyticsScope, filters: SalesFilters) => {
  const result = await salesAnalytics(store, scopedFilters(scope, filters));
  const names = await companyNames(store);
  return {
    ...result,
    // Named in place: a copy by spread would lose the rows' shared hidden class (sales-answer-rows.ts).
    byRealEstateCompany: result.byRealEstateCompany.map((r) => Object.assign(r, { companyName: names.get(r.companyId) ?? r.companyId })),
    byPartnerCompany: result.byPartnerCompany.map((r) => Object.assign(r, { companyName: names.get(r.companyId) ?? r.companyId })),
    scope: scopeOut(scope),
  };
};

export const leadAnalyticsFor = async (store: ReadStore, scope: AnalyticsScope, q: { from: string; to: string; projectId?: string }, now: Date) => {
  let projectIds: string[] | undefined = q.projectId ? [q.projectId] : undefined;
  let userIds: string[] | undefined;
  if (scope.kind === 'none') projectIds = [NOBODY];
  else if (scope.kind === 'company' && scope.companyKind === 'real_estate') {
    const own = (await analyticsProjects(store, { realEstateCompanyId: scope.companyId })).map((p) => p.id);
    projectIds = q.projectId ? own.filter((p) => p === q.projectId) : own;
    if (projectIds.length === 0) projectIds = [NOBODY];
  } else if (scope.kind === 'company') {
    const people = (await listCollaborators(store, scope.companyId, {})).items;
    const docs = await store.collection<{ _id: string; userId?: unknown }>(COLLABORATORS).find({ _id: { $in: people.map((p) => p.id) } });
    userIds = docs.map((d) => d.userId).filter((u): u is string => typeof u === 'string');
    if (userIds.length === 0) userIds = [NOBODY];
  }
  const result = await leadAnalytics(store, { from: q.from, to: q.to, projectIds, userIds }, now);
  const users = await usersByIds(
    store,
    result.byAdvisor.map((a) => a.advisorId).filter((a): a is string => a !== null),
  );
  return {
    ...result,
    byAdvisor: result.byAdvisor.map((a) => {
      const u = a.advisorId ? users.get(a.advisorId) : undefined;
      return { ...a, advisorName: u ? [u.name, u.firstLastName].filter(Boolean).join(' ') : null };
    }),
    scope: scopeOut(scope),
  };
};

export const analyticsFiltersFor = async (store: ReadStore, scope: AnalyticsScope) => {
  const companies = (await listCompanies(store, {})).items;
  const projects = await analyticsProjects(
    store,
    scope.kind === 'company' && scope.companyKind === 'real_estate'
      ? { realEstateCompanyId: scope.companyId }
      : scope.kind === 'none'
        ? { realEstateCompanyId: NOBODY }
        : {},
  );
  const visible = (c: { id: string }) => scope.kind === 'all' || (scope.kind === 'company' && c.id === scope.companyId);
  return {
    projects: projects.map(({ id, name, realEstateCompanyId }) => ({ id, name, realEstateCompanyId })),
    realEstateCompanies: companies.filter((c) => c.kind === 'real_estate' && visible(c)).map(({ id, name }) => ({ id, name })),
    partnerCompanies: companies.filter((c) => c.kind === 'employer' && visible(c)).map(({ id, name }) => ({ id, name })),
    scope: scopeOut(scope),
  };
};

/** The employer portal: its collaborators and its campaigns' enrolment. */
export const employerOverviewFor = async (store: ReadStore, companyId: string) => {
  const people = (await listCollaborators(store, companyId, {})).items;
  const campaigns = (await listCampaigns(store, { companyId })).items as {
    id: string;
    name: string;
    status: string;
    enrolledCount: number;
    startDate: string;
    endDate: string | null;
  }[];
  return {
    companyId,
    collaborators: { total: people.length, active: people.filter((p) => p.active).length, withAccount: people.filter((p) => p.hasAccount).length },
    campaigns: campaigns.map(({ id, name, status, enrolledCount, startDate, endDate }) => ({
      id,
      name,
      status,
      enrolledCount,
      startDate,
      endDate: endDate ?? null,
    })),
  };
};
