import { token } from '../../kernel/ports/token';
import type { FinancialParametersService } from './financial-parameters-service';
import type { FinancingService } from './financing-service';
import type { UfService } from './uf-service';

/** The financing module's DI tokens (bound in adapters/composition/financing.bindings.ts). */
export const FINANCING = {
  Uf: token<UfService>('UfService'),
  Financing: token<FinancingService>('FinancingService'),
  FinancialParameters: token<FinancialParametersService>('FinancialParametersService'),
} as const;
