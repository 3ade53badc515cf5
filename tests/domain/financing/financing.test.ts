import { dec, ufToClp } from '../../../domain/financing/decimal';
import { annuityPayment, downPaymentOf, monthlyRate, simulateMortgage } from '../../../domain/financing/mortgage';
import { DomainError } from '../../../domain/shared/errors';

const UF = 39643.59;
const base = { principalUF: 3000, annualRatePercent: 4, termYears: 20, ufValue: UF } as const;
const noInsurance = { desgravamenMonthlyRatePercent: 0, fireEarthquakeMonthlyRatePercent: 0 };

const refusal = (fn: () => unknown): string | null => {
  try {
    fn();
  } catch (e) {
    return (e as DomainError).code;
  }
  return null;
};

describe('mortgage dividend (annuity formula)', () => {
  it('3000 UF at 4 % for 20 years, nominal convention (annual/12): 18.18 UF a month', () => {
    const s = simulateMortgage({ ...base, convention: 'nominal' });
    expect(s.monthlyRate).toBeCloseTo(0.04 / 12, 10);
    expect(s.termMonths).toBe(240);
    expect(s.monthlyPaymentUF).toBe(18.1794);
  });

  it('the effective convention ((1+a)^(1/12)-1) gives a lower dividend: 18.07 UF', () => {
    const s = simulateMortgage({ ...base, convention: 'effective' });
    expect(s.monthlyRate).toBeCloseTo(0.0032737398, 10);
    expect(s.monthlyPaymentUF).toBe(18.0666);
  });

  it('D = P·i / (1 - (1+i)^-n) and a zero rate splits the principal evenly', () => {
    expect(annuityPayment(dec(1000), dec('0.01'), 12).toDecimalPlaces(6).toNumber()).toBe(88.848789);
    expect(annuityPayment(dec(1200), dec(0), 12).toNumber()).toBe(100);
    expect(monthlyRate(12, 'nominal').toNumber()).toBe(0.01);
  });

  it('converts to whole pesos exactly at the day UF (no float drift)', () => {
    const s = simulateMortgage({ ...base, convention: 'nominal', ...noInsurance });
    // 18.179398... UF × 39,643.59 CLP/UF, rounded half up once, from the exact dividend.
    expect(s.monthlyPaymentCLP).toBe(720_697);
    expect(ufToClp(0.1, 3)).toBe(0);
    expect(ufToClp(0.5, 1)).toBe(1);
    expect(ufToClp('1.005', 1000)).toBe(1005);
    expect(ufToClp(10.1, 100)).toBe(1010); // 10.1 * 100 in floating point is 1009.9999999999999
  });

  it('adds desgravamen on the outstanding balance (first month) and fire/earthquake on the insured value', () => {
    const s = simulateMortgage({
      ...base,
      convention: 'nominal',
      desgravamenMonthlyRatePercent: 0.015,
      fireEarthquakeMonthlyRatePercent: 0.025,
      insuredValueUF: 2500,
    });
    expect(s.insurance.desgravamenUF).toBe(0.45); // 3000 × 0.015 %
    expect(s.insurance.fireEarthquakeUF).toBe(0.625); // 2500 × 0.025 %
    expect(s.totalMonthlyPaymentUF).toBe(19.2544);
    const exactTotal = annuityPayment(dec(3000), monthlyRate(4, 'nominal'), 240).plus('0.45').plus('0.625');
    expect(s.totalMonthlyPaymentCLP).toBe(ufToClp(exactTotal, UF));
    expect(s.insurance.desgravamenCLP).toBe(17_840);
  });

  it('minimum income is the total dividend over the max debt ratio (25 %), rounded up to the peso', () => {
    const s = simulateMortgage({ ...base, convention: 'nominal', ...noInsurance, maxDebtRatioPercent: 25 });
    expect(s.minimumIncomeUF).toBe(72.7176);
    expect(s.minimumIncomeCLP).toBe(2_882_789); // ceil(4 × 720,697.2… CLP)
    const thirty = simulateMortgage({ ...base, convention: 'nominal', ...noInsurance, maxDebtRatioPercent: 30 });
    expect(thirty.minimumIncomeCLP).toBeLessThan(s.minimumIncomeCLP);
  });

  it('CAE is the annualised IRR of the flows: the nominal rate without costs, more with insurance and fees', () => {
    expect(simulateMortgage({ ...base, convention: 'nominal', ...noInsurance }).cae).toBe(4);
    const withInsurance = simulateMortgage({ ...base, convention: 'nominal' }).cae;
    const withCosts = simulateMortgage({ ...base, convention: 'nominal', upfrontCostsUF: 60 }).cae;
    expect(withInsurance).toBeGreaterThan(4);
    expect(withCosts).toBeGreaterThan(withInsurance);
    expect(withInsurance).toBe(4.65);
  });

  it('refuses impossible inputs with catalogue codes', () => {
    expect(refusal(() => simulateMortgage({ ...base, principalUF: 0, convention: 'nominal' }))).toBe('INVALID_UF_VALUE');
    expect(refusal(() => simulateMortgage({ ...base, ufValue: 0, convention: 'nominal' }))).toBe('INVALID_UF_VALUE');
    expect(refusal(() => simulateMortgage({ ...base, termYears: 0, convention: 'nominal' }))).toBe('VALIDATION_FAILED');
    expect(refusal(() => simulateMortgage({ ...base, termYears: 20.5, convention: 'nominal' }))).toBe('VALIDATION_FAILED');
  });
});

describe('down payment (pie) with contributions', () => {
  it('counts the company and real-estate contributions in the pie and finances the rest', () => {
    const pie = downPaymentOf({ priceUF: 4000, downPaymentPercent: 10, companyContributionUF: 150, realEstateContributionUF: 200 });
    expect(pie).toEqual({
      priceUF: 4000,
      buyerUF: 400,
      companyContributionUF: 150,
      realEstateContributionUF: 200,
      subsidyUF: 0,
      totalUF: 750,
      totalPercent: 18.75,
      loanUF: 3250,
      financingPercent: 81.25,
    });
  });

  it('refuses contributions that exceed the price', () => {
    expect(refusal(() => downPaymentOf({ priceUF: 1000, downPaymentPercent: 90, companyContributionUF: 200 }))).toBe('BUSINESS_RULE_VIOLATION');
    expect(refusal(() => downPaymentOf({ priceUF: 1000, downPaymentPercent: 10, companyContributionUF: -1 }))).toBe('INVALID_UF_VALUE');
  });
});
