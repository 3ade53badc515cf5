import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The ~49,000 most common passwords of public breach corpora, as maintained by zxcvbn-ts
 * (@zxcvbn-ts/language-common, MIT): offline, no call to an outside service. Compared lower-cased and
 * trimmed, so "Password", " password " and "PASSWORD" are all refused. About 400 kB of JavaScript: the
 * web imports this module lazily, only on the forms where a new password is typed.
 */
const COMMON = new Set(dictionary['passwords-common']);

export const isCommonPassword = (password: string): boolean => COMMON.has(password.trim().toLowerCase());
