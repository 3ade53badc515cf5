import type { Principal } from '../accounts/account-service';

/** The signed-in person acting as a buyer, as the journey's use cases need them. */
export interface Buyer {
  readonly userId: string;
  readonly email: string;
  readonly name: string;
  readonly rut: string;
  readonly phone: string;
}

export const buyerOf = (principal: Principal): Buyer => ({
  userId: principal.user.userId,
  email: principal.user.email,
  name: [principal.user.profile.name, principal.user.profile.firstLastName, principal.user.profile.secondLastName].filter(Boolean).join(' '),
  rut: principal.user.rut,
  phone: principal.user.profile.phone,
});
