import DecimalJs from 'decimal.js';

/**
 * Exact decimal arithmetic for money: UF amounts keep many decimals while computing and CLP amounts are
 * whole pesos, rounded half up once at the end. Inputs arrive as JSON numbers; they are read through their
 * shortest decimal string, so 0.1 is 0.1 and not its binary approximation.
 */
export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });
export type Decimal = InstanceType<typeof Decimal>;

export const dec = (value: number | string | Decimal): Decimal =>
  value instanceof Decimal ? value : new Decimal(typeof value === 'number' ? String(value) : value);

/** UF amounts travel with 4 decimals (shown with 2). */
export const toUF = (value: Decimal, places = 4): number => value.toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toNumber();

/** Chilean pesos have no decimals: round half up to the whole peso. */
export const toCLP = (value: Decimal): number => value.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();

/** UF amount at a day's UF value, in whole pesos. */
export const ufToClp = (uf: number | string | Decimal, ufValue: number | string | Decimal): number => toCLP(dec(uf).times(dec(ufValue)));

/** Number of decimals a JSON number was written with (1.25 -> 2). */
export const decimalPlaces = (value: number): number => dec(value).decimalPlaces();
