import { MongoServerError } from 'mongodb';
import { DuplicateKeyError } from '../../kernel/ports/read-store';

const DUPLICATE_KEY = 11000;

/** E11000 from a unique index (including _id) becomes the port's DuplicateKeyError; anything else is rethrown. */
export function translateWriteError(collection: string, error: unknown): never {
  if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) {
    throw new DuplicateKeyError(collection, duplicateKeyOf(error));
  }
  throw error;
}

/**
 * MongoDB (4.2+) reports the key in `keyValue`; mongo-java-server only puts it in the message
 * ("... dup key: { _id: \"x\" }"), so fall back to parsing that.
 */
function duplicateKeyOf(error: MongoServerError): string {
  const keyValue = (error as { keyValue?: Record<string, unknown> }).keyValue;
  if (keyValue && Object.keys(keyValue).length > 0) return JSON.stringify(keyValue);
  const match = /dup key: (\{.*\})/.exec(error.message);
  return match?.[1] ?? error.message;
}
