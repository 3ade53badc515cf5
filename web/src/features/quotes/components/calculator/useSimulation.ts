import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useDebouncedValue } from '../../../../shared/hooks/useDebouncedValue';
import { useForm } from '../../../../shared/hooks/useForm';
import { useAppDispatch, useAppSelector } from '../../../../shared/store/StoreProvider';
import type { Pricing } from '../../../../../../contract/quotes';
import type { FinancingDefaults } from '../../../../../../contract/financing';
import { initialCalculatorValues, simulationKey, simulationRequestOf, validateCalculator, type CalculatorUnit, type CalculatorValues } from '../../calculator';
import { calculatorUnitChanged, selectSimulation, simulationRequested } from '../../slice';

/**
 * The calculator's terms and the server's answer: asks again (POST /financing/simulate) 400 ms after the
 * buyer stops typing, or at once on "Calcular dividendo"; another unit or pricing starts from that unit's
 * usual down payment (rate and term stay as typed).
 */
export function useSimulation(unit: CalculatorUnit | null, pricing: Pricing, defaults: FinancingDefaults) {
  const dispatch = useAppDispatch();
  const simulation = useAppSelector(selectSimulation);
  const withUnit = unit !== null;
  const validateValues = useCallback((v: CalculatorValues) => validateCalculator(v, withUnit), [withUnit]);
  const form = useForm<CalculatorValues>(initialCalculatorValues(unit, defaults), validateValues);
  // useForm's setters change identity on every render: read through a ref, not as an effect dependency.
  const setValue = useRef(form.setValue);
  setValue.current = form.setValue;

  const unitKey = unit ? `${unit.id}:${pricing}` : null;
  const unitDefaults = useRef({ unit, defaults });
  unitDefaults.current = { unit, defaults };
  const firstUnit = useRef(true);
  useEffect(() => {
    if (firstUnit.current) {
      firstUnit.current = false;
      return;
    }
    setValue.current('downPaymentPercent', initialCalculatorValues(unitDefaults.current.unit, unitDefaults.current.defaults).downPaymentPercent);
    dispatch(calculatorUnitChanged());
  }, [unitKey, dispatch]);

  const request = useMemo(() => simulationRequestOf(form.values, unit, pricing), [form.values, unit, pricing]);
  const debounced = useDebouncedValue(request, 400);
  const debouncedKey = debounced ? simulationKey(debounced) : null;
  const latest = useRef(debounced);
  latest.current = debounced;
  useEffect(() => {
    if (latest.current) dispatch(simulationRequested(latest.current));
  }, [debouncedKey, dispatch]);

  const calculateNow = form.handleSubmit((values) => {
    const now = simulationRequestOf(values, unit, pricing);
    if (now) dispatch(simulationRequested(now));
  });

  const fresh = request !== null && simulation.key === simulationKey(request) && simulation.status === 'loaded';
  return { form, request, simulation, fresh, calculateNow };
}
