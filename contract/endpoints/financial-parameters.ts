import { endpoint } from '../endpoint';
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
} from '../financial-parameters';
import { createdResponse } from '../common';

/** The endpoints served by adapters/http/routes/financial-parameters.routes.ts. */
export const financialParametersEndpoints = {
  getFinancialParameters: endpoint({ method: 'get', path: '/financial-parameters', response: financialParametersResponse }),
  getFinancialParametersTemplates: endpoint({ method: 'get', path: '/financial-parameters/templates', response: templatesResponse }),
  postFinancialParametersTemplates: endpoint({ method: 'post', path: '/financial-parameters/templates', body: saveTemplateBody, response: createdResponse }),
  postFinancialParametersTemplatesByIdApply: endpoint({
    method: 'post',
    path: '/financial-parameters/templates/:id/apply',
    body: applyTemplateBody,
    response: templateAppliedResponse,
  }),
  postFinancialParameters: endpoint({ method: 'post', path: '/financial-parameters', body: createParameterBody, response: createdResponse }),
  getFinancialParametersById: endpoint({ method: 'get', path: '/financial-parameters/:id', response: financialParameter }),
  patchFinancialParametersById: endpoint({ method: 'patch', path: '/financial-parameters/:id', body: changeParameterBody, response: financialParameter }),
  getFinancialParametersByIdHistory: endpoint({ method: 'get', path: '/financial-parameters/:id/history', response: parameterHistoryResponse }),
};
