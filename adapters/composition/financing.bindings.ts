import { FINANCING } from '../../application/financing/financing.tokens';
import { FinancialParametersService } from '../../application/financing/financial-parameters-service';
import { FinancingService } from '../../application/financing/financing-service';
import { UfService } from '../../application/financing/uf-service';
import { resolve } from '../../kernel/ports/token';
import { TOKENS } from '../../kernel/ports/tokens';
import type { ModuleBindings } from './module-bindings';

/** Financing: the UF table, the simulator's financial parameters and the mortgage simulation. */
export const financingBindings: ModuleBindings = {
  name: 'financing',
  bind(bind) {
    bind(FINANCING.Uf)
      .toDynamicValue((ctx) => new UfService(resolve(ctx, TOKENS.EventStore)))
      .inSingletonScope();
    bind(FINANCING.FinancialParameters)
      .toDynamicValue((ctx) => new FinancialParametersService(resolve(ctx, TOKENS.EventStore), resolve(ctx, TOKENS.IdGenerator)))
      .inSingletonScope();
    bind(FINANCING.Financing)
      .toDynamicValue(
        (ctx) =>
          new FinancingService(
            resolve(ctx, FINANCING.Uf),
            resolve(ctx, TOKENS.ReadStore),
            resolve(ctx, TOKENS.Clock),
            resolve(ctx, FINANCING.FinancialParameters),
          ),
      )
      .inSingletonScope();
  },
  // The simulator's parameters exist on every platform, demo or not (a restart creates none again).
  async seed(container) {
    await resolve(container, FINANCING.FinancialParameters).seed();
  },
};
