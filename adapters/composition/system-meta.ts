import type { CommandMetadata } from '../../domain/shared/event';

/** The metadata of work the platform does on its own (resuming, repairing): actor "system", a fresh correlation id. */
export const systemMeta = (purpose: string): CommandMetadata => ({
  now: new Date(),
  actorId: 'system',
  actorRoles: [],
  correlationId: `${purpose}-${Date.now()}`,
});
