import { collaboratorDecider } from '../../domain/companies/collaborator';
import { companyDecider } from '../../domain/companies/company';
import { DeciderSpecification } from '../support/decider-spec';

const enrol = {
  type: 'EnrollCollaborator' as const,
  collaboratorId: 'c1',
  companyId: 'banco',
  companyName: 'Banco',
  userId: 'u1',
  rut: '12345678-5',
  name: 'Ana',
  firstSurname: 'Pérez',
  secondSurname: 'Soto',
  workEmail: 'ana@banco.cl',
  personalEmail: 'ana@gmail.com',
  phone: '+56912345678',
  post: 'Analista',
  companyContributionUF: 150,
  plan: 'Plan 2026',
};

describe('Company and Collaborator deciders', () => {
  it('registers a company once; the same registration again is a no-op, a different one a refusal', () => {
    const spec = DeciderSpecification(companyDecider);
    const command = {
      type: 'RegisterCompany' as const,
      companyId: 'banco',
      name: 'Banco',
      rut: '96512345-8',
      kind: 'employer' as const,
      description: '',
      contactEmail: 'a@b.cl',
      contactPhone: '+56223456789',
    };
    const { type: _t, ...data } = command;
    const registered = { type: 'CompanyRegistered' as const, data: { ...data, registeredAt: '2026-11-22T12:00:00.000Z' } };
    spec.given([]).when(command).then([registered]);
    spec.given([registered]).when(command).thenNothingHappens();
    spec
      .given([registered])
      .when({ ...command, rut: '76123456-0' })
      .thenThrows('BUSINESS_RULE_VIOLATION');
  });

  it('enrols a collaborator with the company contribution in UF and refuses a negative one', () => {
    const spec = DeciderSpecification(collaboratorDecider);
    const { type: _t, ...data } = enrol;
    spec
      .given([])
      .when(enrol)
      .then([{ type: 'CollaboratorEnrolled', data: { ...data, enrolledAt: '2026-11-22T12:00:00.000Z' } }]);
    spec
      .given([])
      .when({ ...enrol, companyContributionUF: -1 })
      .thenThrows('INVALID_UF_VALUE');
  });

  it('deactivates an active collaborator once', () => {
    const spec = DeciderSpecification(collaboratorDecider);
    const { type: _t, ...data } = enrol;
    const enrolled = { type: 'CollaboratorEnrolled' as const, data: { ...data, enrolledAt: 'x' } };
    const off = { type: 'CollaboratorDeactivated' as const, data: { collaboratorId: 'c1', reason: 'renuncia', deactivatedAt: '2026-11-22T12:00:00.000Z' } };
    spec.given([enrolled]).when({ type: 'DeactivateCollaborator', collaboratorId: 'c1', reason: 'renuncia' }).then([off]);
    spec.given([enrolled, off]).when({ type: 'DeactivateCollaborator', collaboratorId: 'c1', reason: 'renuncia' }).thenNothingHappens();
  });

  it("updates a company's profile: what changed with its previous value; a bad email or phone is refused", () => {
    const spec = DeciderSpecification(companyDecider);
    const registered = {
      type: 'CompanyRegistered' as const,
      data: {
        companyId: 'banco',
        name: 'Banco',
        rut: '96512345-8',
        kind: 'employer' as const,
        description: '',
        contactEmail: 'a@b.cl',
        contactPhone: '+56223456789',
        registeredAt: 'x',
      },
    };
    spec
      .given([registered])
      .when({ type: 'UpdateCompanyProfile', changes: { description: 'Aporta al pie', contactEmail: 'a@b.cl' } })
      .then([
        {
          type: 'CompanyProfileUpdated',
          data: { companyId: 'banco', changes: { description: 'Aporta al pie' }, previous: { description: '' }, updatedAt: '2026-11-22T12:00:00.000Z' },
        },
      ]);
    spec
      .given([registered])
      .when({ type: 'UpdateCompanyProfile', changes: { contactPhone: '123' } })
      .thenThrows('VALIDATION_FAILED');
    spec
      .given([])
      .when({ type: 'UpdateCompanyProfile', changes: { name: 'X y' } })
      .thenThrows('NOT_FOUND');
  });

  it('updates a collaborator (the contribution the calculator uses) and refuses invalid emails or contributions', () => {
    const spec = DeciderSpecification(collaboratorDecider);
    const { type: _t, ...data } = enrol;
    const enrolled = { type: 'CollaboratorEnrolled' as const, data: { ...data, enrolledAt: 'x' } };
    spec
      .given([enrolled])
      .when({ type: 'UpdateCollaborator', changes: { companyContributionUF: 200, post: 'Analista' } })
      .then([
        {
          type: 'CollaboratorUpdated',
          data: {
            collaboratorId: 'c1',
            changes: { companyContributionUF: 200 },
            previous: { companyContributionUF: 150 },
            updatedAt: '2026-11-22T12:00:00.000Z',
          },
        },
      ]);
    spec
      .given([enrolled])
      .when({ type: 'UpdateCollaborator', changes: { workEmail: 'no' } })
      .thenThrows('VALIDATION_FAILED');
    spec
      .given([enrolled])
      .when({ type: 'UpdateCollaborator', changes: { companyContributionUF: -5 } })
      .thenThrows('VALIDATION_FAILED');
    spec
      .given([enrolled])
      .when({ type: 'UpdateCollaborator', changes: { plan: 'Plan 2026' } })
      .thenNothingHappens();
  });
});
