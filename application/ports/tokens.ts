/** DI tokens for the ports. Each adapter family binds them in one inversify ContainerModule. */
export const TOKENS = {
  Config: Symbol.for('Config'),
  Clock: Symbol.for('Clock'),
  IdGenerator: Symbol.for('IdGenerator'),
  EventStore: Symbol.for('EventStore'),
  ReadStore: Symbol.for('ReadStore'),
  SessionStore: Symbol.for('SessionStore'),
  Mailer: Symbol.for('Mailer'),
  MailSink: Symbol.for('MailSink'),
  PasswordHasher: Symbol.for('PasswordHasher'),
  /** The read side (application/projections/read-side.ts): ProjectionRunner embedded, KafkaReadSide distributed. */
  ProjectionRunner: Symbol.for('ProjectionRunner'),
  /** Every projection and event-driven process the read side runs, in either mode. */
  Projections: Symbol.for('Projections'),
  CommandBus: Symbol.for('CommandBus'),
  RateLimiter: Symbol.for('RateLimiter'),
  /** Data keys per person for crypto-shredding (application/ports/key-store.ts). */
  KeyStore: Symbol.for('KeyStore'),
} as const;
