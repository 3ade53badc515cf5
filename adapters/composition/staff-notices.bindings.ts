import { staffNoticesHandler } from '../../application/notifications/staff-notices';
import { resolve } from '../../kernel/ports/token';
import { TOKENS } from '../../kernel/ports/tokens';
import type { ModuleBindings } from './module-bindings';

/** Staff notices: the event handler that tells each staff role of the work that is theirs. */
export const staffNoticesBindings: ModuleBindings = {
  name: 'staff-notices',
  bind() {},
  handlers: (ctx, log) => [
    staffNoticesHandler({ events: resolve(ctx, TOKENS.EventStore), readStore: resolve(ctx, TOKENS.ReadStore), clock: resolve(ctx, TOKENS.Clock), log }),
  ],
};
