import { displayValue, fieldLabel } from '../../../../contract/display-text';

/** A changed value as text, knowing its field (contract/display-text.ts: the platform's one labelling of fields and values). */
export const historyValue = (value: unknown, field = ''): string => displayValue(value, field);

export const historyFieldLabel = (field: string): string => fieldLabel(field);
