import type { EventStore } from '../../kernel/ports/event-store';
import type { KeyStore } from '../../kernel/ports/key-store';
import { accountsPersonalData, accountsPseudonymousStreams } from './accounts-personal-data';
import { dataRequestsPersonalData } from './data-requests-personal-data';
import { companiesPersonalData, journeyPersonalData } from './journey-personal-data';
import type { EventUpcasters } from '../../kernel/command-handling/event-upcasters';
import { EncryptingEventStore } from './encrypting-event-store';
import { combineSchemas } from '../../kernel/personal-data/personal-data-schema';
import { mailPersonalData } from './mail-personal-data';
import { PersonalDataCodec } from '../../kernel/personal-data/pii-codec';
import { PseudonymousStreamIds } from './pseudonymous-stream-ids';
import { notificationsPersonalData } from '../notifications/notifications-personal-data';

/** Every event family whose personal data is encrypted. */
export const platformPersonalData = combineSchemas(
  accountsPersonalData,
  dataRequestsPersonalData,
  journeyPersonalData,
  companiesPersonalData,
  mailPersonalData,
  notificationsPersonalData,
);

export const pseudonymousStreamCategories: readonly string[] = [...accountsPseudonymousStreams];

/**
 * The platform's event store as every use case and projection sees it: personal data encrypted at rest, events
 * read in their type's current shape.
 */
export const withPersonalDataEncrypted = (inner: EventStore, keys: KeyStore, platformSecret: string, upcasters?: EventUpcasters): EncryptingEventStore =>
  new EncryptingEventStore(inner, new PersonalDataCodec(platformPersonalData, keys), {
    streamIds: PseudonymousStreamIds.fromPlatformSecret(platformSecret, pseudonymousStreamCategories),
    alsoClose: () => keys.close(),
    upcasters,
  });
