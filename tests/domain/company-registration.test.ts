import type { CompanyRegistrationEvent, RegistrationApplication } from '../../domain/companies/company-registration';
import { companyRegistrationDecider } from '../../domain/companies/company-registration.decide';
import { loadChileTerritory } from '../../adapters/reference/load-chile-territory';
import { registrationApplication } from '../support/company-registration';
import { DeciderSpecification, testMeta } from '../support/decider-spec';

const spec = DeciderSpecification(companyRegistrationDecider);
const territory = loadChileTerritory();
const application = registrationApplication() as unknown as RegistrationApplication;
const at = testMeta().now.toISOString();
const started: CompanyRegistrationEvent = {
  type: 'CompanyRegistrationStarted',
  data: {
    registrationId: 'r1',
    ...application,
    company: { ...application.company, rut: '76543210-3' },
    contact: { ...application.contact, phone: '+56452213344' },
    legalRepresentative: { ...application.legalRepresentative, rut: '14567890-0', phone: '+56987654321' },
    banking: { ...application.banking, holderRut: '76543210-3' },
    regionName: 'Región de La Araucanía',
    communeName: 'Temuco',
    startedAt: at,
  },
};
const document: CompanyRegistrationEvent = {
  type: 'CompanyRegistrationDocumentAdded',
  data: {
    registrationId: 'r1',
    documentId: 'd1',
    kind: 'constitution',
    name: 'escritura.pdf',
    fileRef: 'registrations/x.pdf',
    contentType: 'application/pdf',
    size: 10,
    addedAt: at,
  },
};
const submitted: CompanyRegistrationEvent = {
  type: 'CompanyRegistrationSubmitted',
  data: { registrationId: 'r1', acceptances: application.acceptances, submittedAt: at },
};

describe('Company registration decider', () => {
  it('starts an application with canonical RUTs and phones and the names of its region and commune', () => {
    spec.given([]).when({ type: 'StartCompanyRegistration', registrationId: 'r1', application, territory }).then([started]);
  });

  it('refuses a commune of another region and a bad RUT together', () => {
    const bad = { ...application, company: { ...application.company, rut: '76.543.210-0' }, address: { ...application.address, communeCode: '13101' } };
    let thrown: { fieldErrors: { field: string }[] } | undefined;
    try {
      companyRegistrationDecider.decide(
        { type: 'StartCompanyRegistration', registrationId: 'r1', application: bad, territory },
        companyRegistrationDecider.initialState(),
        testMeta(),
      );
    } catch (e) {
      thrown = e as typeof thrown;
    }
    expect(thrown?.fieldErrors.map((f) => f.field).sort()).toEqual(['address.communeCode', 'company.rut']);
  });

  it('submits only with the three acceptances and a document; documents only while a draft', () => {
    spec.given([started]).when({ type: 'SubmitCompanyRegistration' }).thenThrows('VALIDATION_FAILED');
    spec
      .given([started, document])
      .when({ type: 'SubmitCompanyRegistration', acceptances: { terms: true, privacy: false, dataProcessing: true } })
      .thenThrows('VALIDATION_FAILED');
    spec.given([started, document]).when({ type: 'SubmitCompanyRegistration' }).then([submitted]);
    spec
      .given([started, document, submitted])
      .when({
        type: 'AddRegistrationDocument',
        documentId: 'd2',
        kind: 'other',
        name: 'x.pdf',
        fileRef: 'registrations/y.pdf',
        contentType: 'application/pdf',
        size: 1,
      })
      .thenThrows('BUSINESS_RULE_VIOLATION');
  });

  it('is approved or rejected (with a reason) once submitted, and never both', () => {
    spec.given([started, document]).when({ type: 'ApproveCompanyRegistration', companyId: 'c', userId: 'u' }).thenThrows('BUSINESS_RULE_VIOLATION');
    spec
      .given([started, document, submitted])
      .when({ type: 'ApproveCompanyRegistration', companyId: 'c', userId: 'u' })
      .then([{ type: 'CompanyRegistrationApproved', data: { registrationId: 'r1', companyId: 'c', userId: 'u', approvedBy: 'actor-1', approvedAt: at } }]);
    spec.given([started, document, submitted]).when({ type: 'RejectCompanyRegistration', reason: ' ' }).thenThrows('VALIDATION_FAILED');
    const rejected: CompanyRegistrationEvent = {
      type: 'CompanyRegistrationRejected',
      data: { registrationId: 'r1', reason: 'Falta la escritura', rejectedBy: 'actor-1', rejectedAt: at },
    };
    spec.given([started, document, submitted]).when({ type: 'RejectCompanyRegistration', reason: 'Falta la escritura' }).then([rejected]);
    spec
      .given([started, document, submitted, rejected])
      .when({ type: 'ApproveCompanyRegistration', companyId: 'c', userId: 'u' })
      .thenThrows('BUSINESS_RULE_VIOLATION');
  });
});
