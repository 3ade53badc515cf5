import type { EventUpcasters } from '../command-handling/event-upcasters';
import type { PaymentGateway } from './payment-gateway';
import type { EventHandler } from '../projections/event-handler';
import type { Projection } from '../projections/projection';
import type { ReadSide } from '../projections/read-side';
import type { Clock, IdGenerator } from './clock';
import type { EventStore } from './event-store';
import type { FileStore } from './file-store';
import type { ImageProcessor } from './image-processor';
import type { KeyStore } from './key-store';
import type { Mailer } from './mailer';
import type { PasswordHasher } from './password-hasher';
import type { ReadStore } from './read-store';
import type { SessionStore } from './session-store';
import { token } from './token';

/**
 * DI tokens for the ports (each application module keeps its own in `<module>.tokens.ts`), each carrying its type (./token.ts: `resolve(container, TOKENS.Clock)` is a
 * Clock). Each adapter family binds them in one inversify ContainerModule.
 */
export const TOKENS = {
  Clock: token<Clock>('Clock'),
  IdGenerator: token<IdGenerator>('IdGenerator'),
  EventStore: token<EventStore>('EventStore'),
  ReadStore: token<ReadStore>('ReadStore'),
  SessionStore: token<SessionStore>('SessionStore'),
  Mailer: token<Mailer>('Mailer'),
  PasswordHasher: token<PasswordHasher>('PasswordHasher'),
  /** The read side (kernel/projections/read-side.ts): ProjectionRunner embedded, KafkaReadSide distributed. */
  ProjectionRunner: token<ReadSide>('ProjectionRunner'),
  /** Every projection the read side runs, in either mode. */
  Projections: token<readonly Projection[]>('Projections'),
  /** Every process manager (event handler) the read side runs beside them, in either mode. */
  EventHandlers: token<readonly EventHandler[]>('EventHandlers'),
  /** The steps that bring events stored in an older shape to the current one, as the event store reads them. */
  EventUpcasters: token<EventUpcasters>('EventUpcasters'),
  /** Data keys per person for crypto-shredding (kernel/ports/key-store.ts). */
  KeyStore: token<KeyStore>('KeyStore'),
  /** Webpay Plus or its local sandbox (config.payments.gateway). */
  PaymentGateway: token<PaymentGateway>('PaymentGateway'),
  /** Uploaded files (local disk under the data directory). */
  FileStore: token<FileStore>('FileStore'),
  /** Pictures' variants and checks (sharp). */
  ImageProcessor: token<ImageProcessor>('ImageProcessor'),
} as const;
