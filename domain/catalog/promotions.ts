import { chileDay } from '../shared/chile-day';

/**
 * A monthly promotion holds in its month only, and the month is Chile's (America/Santiago): at 23:30 on
 * 30 November in Santiago it is already December in UTC, and November's promotion still holds. Outside its
 * month a promotion is neither shown nor applied; `now` comes from the platform's clock (command metadata).
 */
const promotionMonthOf = (now: Date): string => chileDay(now).slice(0, 7);

const isPromotionCurrent = (promotion: { readonly month: string }, now: Date): boolean => promotion.month === promotionMonthOf(now);

export const currentPromotions = <P extends { readonly month: string }>(promotions: readonly P[], now: Date): P[] =>
  promotions.filter((p) => isPromotionCurrent(p, now));
