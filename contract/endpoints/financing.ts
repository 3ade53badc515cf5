import { endpoint } from '../endpoint';
import {
  financingDefaultsResponse,
  recordUfBody,
  simulateBody,
  simulationResponse,
  ufQuery,
  ufRecordedResponse,
  ufResponse,
  ufValuesQuery,
  ufValuesResponse,
} from '../financing';

/** The endpoints served by adapters/http/routes/financing.routes.ts. */
export const financingEndpoints = {
  getUf: endpoint({ method: 'get', path: '/uf', query: ufQuery, response: ufResponse }),
  getUfValues: endpoint({ method: 'get', path: '/uf/values', query: ufValuesQuery, response: ufValuesResponse }),
  postUf: endpoint({ method: 'post', path: '/uf', body: recordUfBody, response: ufRecordedResponse }),
  getFinancingDefaults: endpoint({ method: 'get', path: '/financing/defaults', response: financingDefaultsResponse }),
  postFinancingSimulate: endpoint({ method: 'post', path: '/financing/simulate', body: simulateBody, response: simulationResponse }),
};
