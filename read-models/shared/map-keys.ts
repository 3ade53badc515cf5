/**
 * Ids used as keys of a document's map (`p.<projectId>`, `rows.<leadId>`): a key must be a field name MongoDB
 * accepts (no '.', no leading '$'); `decodeKey` gives the id back.
 */
export const encodeKey = (key: string): string => encodeURIComponent(key).replace(/\./g, '%2E');
export const decodeKey = (key: string): string => decodeURIComponent(key);
