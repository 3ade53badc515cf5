import { companyMembershipDecider, type CompanyMembershipEvent } from '../../domain/companies/company-membership';
import { DeciderSpecification } from '../support/decider-spec';

const AT = '2026-11-22T12:00:00.000Z';
const granted = (companyId: string): CompanyMembershipEvent => ({
  type: 'CompanyMembershipGranted',
  data: { userId: 'u1', companyId, grantedBy: 'actor-1', grantedAt: AT },
});
const revoked = (companyId: string): CompanyMembershipEvent => ({
  type: 'CompanyMembershipRevoked',
  data: { userId: 'u1', companyId, revokedBy: 'actor-1', revokedAt: AT },
});

describe('Company membership decider', () => {
  const spec = DeciderSpecification(companyMembershipDecider);

  it('makes a user the member of one company; the same grant again records nothing', () => {
    spec
      .given([])
      .when({ type: 'GrantCompanyMembership', userId: 'u1', companyId: 'andes' })
      .then([granted('andes')]);
    spec
      .given([granted('andes')])
      .when({ type: 'GrantCompanyMembership', userId: 'u1', companyId: 'andes' })
      .thenNothingHappens();
  });

  it('refuses a second company while the first membership stands; after a revocation another may be granted', () => {
    spec
      .given([granted('andes')])
      .when({ type: 'GrantCompanyMembership', userId: 'u1', companyId: 'banco' })
      .thenThrows('BUSINESS_RULE_VIOLATION');
    spec
      .given([granted('andes'), revoked('andes')])
      .when({ type: 'GrantCompanyMembership', userId: 'u1', companyId: 'banco' })
      .then([granted('banco')]);
  });

  it('revokes the membership it has; revoking any other (or none) is NOT_FOUND and records nothing', () => {
    spec
      .given([granted('andes')])
      .when({ type: 'RevokeCompanyMembership', userId: 'u1', companyId: 'andes' })
      .then([revoked('andes')]);
    spec.given([]).when({ type: 'RevokeCompanyMembership', userId: 'u1', companyId: 'andes' }).thenThrows('NOT_FOUND');
    spec
      .given([granted('andes'), revoked('andes')])
      .when({ type: 'RevokeCompanyMembership', userId: 'u1', companyId: 'andes' })
      .thenThrows('NOT_FOUND');
    spec
      .given([granted('andes')])
      .when({ type: 'RevokeCompanyMembership', userId: 'u1', companyId: 'toString' })
      .thenThrows('NOT_FOUND');
  });
});
