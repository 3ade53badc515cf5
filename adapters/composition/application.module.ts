import { randomUUID } from 'node:crypto';
import { ContainerModule } from 'inversify';
import type { AppConfig } from '../../application/config';
import { systemClock, type Clock } from '../../kernel/ports/clock';
import { TOKENS } from '../../kernel/ports/tokens';
import { EventUpcasters } from '../../kernel/command-handling/event-upcasters';
import { ALL_PROJECTIONS } from '../../read-models/all-projections';
import { PLATFORM_UPCASTERS } from './event-upcasters';
import { bindModules, moduleHandlers } from './modules';

/**
 * Mode-independent bindings: the use cases of every application module (modules.ts, one `<module>.bindings.ts`
 * each), over whichever adapters the mode module bound.
 */
export const applicationModule = (config: AppConfig, log: (msg: string, err?: unknown) => void, clock: Clock = systemClock) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Clock).toConstantValue(clock);
    bind(TOKENS.IdGenerator).toConstantValue({ newId: () => randomUUID() });
    bind(TOKENS.EventUpcasters).toConstantValue(new EventUpcasters(PLATFORM_UPCASTERS));
    // Every projection and every process manager: the mode module's read side (TOKENS.ProjectionRunner:
    // in-process runner embedded, Kafka projectors distributed) runs both lists.
    bind(TOKENS.Projections)
      .toDynamicValue(() => [...ALL_PROJECTIONS])
      .inSingletonScope();
    bind(TOKENS.EventHandlers)
      .toDynamicValue((ctx) => moduleHandlers(ctx, log))
      .inSingletonScope();
    bindModules(bind, config, log);
  });
