/**
 * What a short text typed by a person (a name of something: a company, a campaign, a project, a bank) may
 * hold. It is shown to others, in the back office, in mails and in CSV exports, so it must read as what it
 * is: no control characters (NUL, line breaks), no invisible format characters (bidi overrides that reverse
 * what follows, zero-width spaces and joiners), no lone surrogates or private-use characters, no markup, and
 * at least one letter or digit, not starting with a combining mark. Server and web apply the same rule.
 */
export const LABEL_MESSAGE = 'Use letras, números y signos de puntuación comunes, sin caracteres invisibles ni etiquetas.';

/** Cc control, Cf format (bidi, zero-width), Cs lone surrogates (a /u regex sees them as code points), Co private use, Cn unassigned. */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/u;
const MARKUP = /[<>]/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const STARTS_WITH_MARK = /^\p{M}/u;

/** Whether a text has characters that hide or disguise what it says (the length is checked apart). */
const hasHiddenCharacters = (value: string): boolean => INVISIBLE_OR_CONTROL.test(value);

export const isLabel = (value: string): boolean => {
  const text = value.trim();
  return !hasHiddenCharacters(text) && !MARKUP.test(text) && LETTER_OR_DIGIT.test(text) && !STARTS_WITH_MARK.test(text);
};
