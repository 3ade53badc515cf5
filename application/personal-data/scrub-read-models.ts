import {
  ALERTS,
  NOTIFICATION_PREFERENCES,
  COLLABORATORS,
  DATA_REQUESTS,
  FAVORITES,
  LEADS,
  shredActivityMessages,
  QUOTES,
  RESERVATIONS,
  USERS,
  type UserDoc,
} from '../../read-models/personal-data/personal-data.queries';
import type { ReadStore } from '../../kernel/ports/read-store';
import { SHREDDED_TEXT } from '../../kernel/personal-data/pii-codec';
import { OUTGOING_MAILS } from '../../read-models/mail/outgoing-mails.queries';

const shredded = (fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, SHREDDED_TEXT]));

export interface ScrubReport {
  readonly usersScrubbed: number;
  readonly favoritesDeleted: number;
  readonly alertsDeleted: number;
  readonly reservationsScrubbed: number;
  readonly quotesScrubbed: number;
  readonly leadsScrubbed: number;
  readonly dataRequestsScrubbed: number;
  readonly collaboratorsScrubbed: number;
  readonly mailsScrubbed: number;
}

/**
 * The read models' copies of an erased person's data. Documents that are the person's alone and only
 * serve them (favourites, availability alerts) go; documents that are also someone else's record
 * (the user row the role audit points at, reservations and their payments, leads, quotes, their own data
 * requests) stay under the pseudonymous id with every personal string replaced by "titular suprimido",
 * the value their events now read as, so a later rebuild from the log gives the same picture.
 */
export const scrubReadModels = async (store: ReadStore, userId: string, otherSubjects: readonly string[] = []): Promise<ScrubReport> => {
  const user = await store.collection<UserDoc>(USERS).findOne({ _id: userId });
  const emails = [user?.email, user?.personalEmail].filter((e): e is string => typeof e === 'string' && e.includes('@'));
  const users = await store
    .collection(USERS)
    .updateOne({ _id: userId }, { $set: shredded(['name', 'firstLastName', 'secondLastName', 'email', 'personalEmail', 'rut', 'phone']) });
  const favorites = await store.collection(FAVORITES).deleteMany({ userId });
  const alerts = await store.collection(ALERTS).deleteMany({ userId });
  // Only the person's choices and their browsers' push endpoints: nothing anyone else needs.
  await store.collection(NOTIFICATION_PREFERENCES).deleteMany({ userId });
  const reservations = await store.collection(RESERVATIONS).updateMany({ buyerId: userId }, { $set: shredded(['buyerEmail', 'buyerName', 'receiptSentTo']) });
  // Quotes keep their amounts; only where they were mailed to is the person's.
  const quotes = await store.collection(QUOTES).updateMany({ userId }, { $set: { emailedTo: [] } });
  const ids = [...otherSubjects];
  const leadFilter = { $or: [{ userId }, { _id: { $in: ids } }, ...(emails.length ? [{ email: { $in: emails } }] : [])] };
  let leads = 0;
  for (const lead of await store.collection(LEADS).find(leadFilter)) {
    const scrubbed = await store
      .collection(LEADS)
      .updateOne({ _id: lead._id }, { $set: { ...shredded(['name', 'email', 'dni', 'phone', 'company']), monthlyIncome: null } });
    // What the person wrote in a contact request reads as their events now do.
    await shredActivityMessages(store, lead as { _id: string; activityCount?: number });
    leads += scrubbed.modifiedCount;
  }
  const collaborators = await store
    .collection(COLLABORATORS)
    .updateMany(
      { $or: [{ userId }, { _id: { $in: ids } }] },
      { $set: shredded(['rut', 'name', 'firstSurname', 'secondSurname', 'workEmail', 'personalEmail', 'phone']) },
    );
  const requests = await store.collection(DATA_REQUESTS).updateMany({ subjectId: userId }, { $set: { details: SHREDDED_TEXT } });
  // The email history keeps that a mail went, and when; not to whom nor what it said.
  const mails = await store.collection(OUTGOING_MAILS).updateMany({ subjectId: { $in: [userId, ...ids] } }, { $set: shredded(['to', 'subject']) });
  return {
    usersScrubbed: users.modifiedCount,
    favoritesDeleted: favorites.deletedCount,
    alertsDeleted: alerts.deletedCount,
    reservationsScrubbed: reservations.modifiedCount,
    quotesScrubbed: quotes.modifiedCount,
    leadsScrubbed: leads,
    dataRequestsScrubbed: requests.modifiedCount,
    collaboratorsScrubbed: collaborators.modifiedCount,
    mailsScrubbed: mails.modifiedCount,
  };
};
