/** A memory-hard KDF (scrypt in adapters/crypto). Hashes are self-describing so the cost can change. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
  readonly description: string;
}
