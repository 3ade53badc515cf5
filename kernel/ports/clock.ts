/** Time and ids come from ports so that tests can fix them and domain code never reads a clock. */
export interface Clock {
  now(): Date;
}
export interface IdGenerator {
  newId(): string;
}
export const systemClock: Clock = { now: () => new Date() };
