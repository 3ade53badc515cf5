import { token } from '../../kernel/ports/token';
import type { RoleService } from './role-service';

/** The access module's DI tokens (bound in adapters/composition/accounts.bindings.ts). */
export const ACCESS = {
  Roles: token<RoleService>('RoleService'),
} as const;
