import { availabilityAlertsDecider, type AlertTarget, type AvailabilityAlertsEvent } from '../../../domain/alerts/availability-alerts';
import { DeciderSpecification } from '../../support/decider-spec';

const AT = '2026-11-22T12:00:00.000Z';

describe('Availability alerts decider', () => {
  const spec = DeciderSpecification(availabilityAlertsDecider);
  const unit302: AlertTarget = { projectId: 'p1', projectName: 'Parque', unitId: 'u302', unitNumber: '302' };
  const anyUnit: AlertTarget = { projectId: 'p1', projectName: 'Parque', unitId: null, unitNumber: null };
  const buyer = { userId: 'b1', email: 'b1@x.cl', name: 'Ana' };
  const set = (alertId: string, target: AlertTarget): AvailabilityAlertsEvent => ({
    type: 'AvailabilityAlertSet',
    data: { alertId, ...buyer, ...target, setAt: AT },
  });
  const notified: AvailabilityAlertsEvent = {
    type: 'AvailabilityAlertNotified',
    data: { alertId: 'a1', userId: 'b1', unitId: 'u302', unitNumber: '302', sentTo: 'b1@x.cl', notifiedAt: AT },
  };
  const notify = { type: 'RecordAlertNotified' as const, alertId: 'a1', userId: 'b1', unitId: 'u302', unitNumber: '302', sentTo: 'b1@x.cl' };

  it('sets an alert on a unit', () => {
    spec
      .given([])
      .when({ type: 'SetAvailabilityAlert', alertId: 'a1', ...buyer, target: unit302 })
      .then([set('a1', unit302)]);
  });

  it('the same target again while it waits changes nothing; the project-wide alert is another target', () => {
    spec
      .given([set('a1', unit302)])
      .when({ type: 'SetAvailabilityAlert', alertId: 'a2', ...buyer, target: unit302 })
      .thenNothingHappens();
    spec
      .given([set('a1', unit302)])
      .when({ type: 'SetAvailabilityAlert', alertId: 'a2', ...buyer, target: anyUnit })
      .then([set('a2', anyUnit)]);
  });

  it('is told once: a second notice of the same alert records nothing', () => {
    spec
      .given([set('a1', unit302)])
      .when(notify)
      .then([notified]);
    spec
      .given([set('a1', unit302), notified])
      .when(notify)
      .thenNothingHappens();
  });

  it('once answered, the same unit may be watched again with a new alert', () => {
    spec
      .given([set('a1', unit302), notified])
      .when({ type: 'SetAvailabilityAlert', alertId: 'a2', ...buyer, target: unit302 })
      .then([set('a2', unit302)]);
  });

  it('a removed alert is never told; removing an unknown one is NOT_FOUND', () => {
    const removed: AvailabilityAlertsEvent = { type: 'AvailabilityAlertRemoved', data: { alertId: 'a1', userId: 'b1', removedAt: AT } };
    spec
      .given([set('a1', unit302)])
      .when({ type: 'RemoveAvailabilityAlert', alertId: 'a1', userId: 'b1' })
      .then([removed]);
    spec
      .given([set('a1', unit302), removed])
      .when(notify)
      .thenNothingHappens();
    spec
      .given([set('a1', unit302), removed])
      .when({ type: 'RemoveAvailabilityAlert', alertId: 'a1', userId: 'b1' })
      .thenThrows('NOT_FOUND');
  });

  it('an id naming a prototype member is no alert: removing it is NOT_FOUND, a notice for it records nothing', () => {
    for (const alertId of ['toString', 'constructor', 'hasOwnProperty', '__proto__', 'valueOf']) {
      spec.given([]).when({ type: 'RemoveAvailabilityAlert', alertId, userId: 'b1' }).thenThrows('NOT_FOUND');
      spec
        .given([set('a1', unit302)])
        .when({ type: 'RemoveAvailabilityAlert', alertId, userId: 'b1' })
        .thenThrows('NOT_FOUND');
      spec
        .given([set('a1', unit302)])
        .when({ ...notify, alertId })
        .thenNothingHappens();
    }
  });

  it('keeps at most 50 waiting alerts', () => {
    const many = Array.from({ length: 50 }, (_, i) => set(`a${i}`, { ...unit302, unitId: `u${i}`, unitNumber: String(i) }));
    spec
      .given(many)
      .when({ type: 'SetAvailabilityAlert', alertId: 'extra', ...buyer, target: anyUnit })
      .thenThrows('BUSINESS_RULE_VIOLATION');
  });
});
