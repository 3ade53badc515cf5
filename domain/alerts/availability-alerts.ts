import { DomainError } from '../shared/errors';
import type { CommandMetadata, Decider, DomainEvent } from '../shared/event';

/**
 * A buyer's availability alerts (stream `alerts-<userId>`): "tell me when this unit, or any unit of this
 * project, is free". The answer to UNIT_ALREADY_RESERVED's "Configurar alertas" action. An alert is
 * one-shot: the first time its unit (or a unit of its project) becomes available after it was set, the
 * buyer is told once and the alert is done. Setting the same alert again while it waits changes nothing.
 */
export type AlertTarget = {
  readonly projectId: string;
  readonly projectName: string;
  /** Null: any unit of the project. */
  readonly unitId: string | null;
  readonly unitNumber: string | null;
};

export type AvailabilityAlertsEvent =
  | DomainEvent<'AvailabilityAlertSet', AlertTarget & { alertId: string; userId: string; email: string; name: string; setAt: string }>
  | DomainEvent<'AvailabilityAlertRemoved', { alertId: string; userId: string; removedAt: string }>
  | DomainEvent<'AvailabilityAlertNotified', { alertId: string; userId: string; unitId: string; unitNumber: string; sentTo: string; notifiedAt: string }>;

export type AvailabilityAlertsCommand =
  | { type: 'SetAvailabilityAlert'; alertId: string; userId: string; email: string; name: string; target: AlertTarget }
  | { type: 'RemoveAvailabilityAlert'; alertId: string; userId: string }
  | { type: 'RecordAlertNotified'; alertId: string; userId: string; unitId: string; unitNumber: string; sentTo: string };

export interface KeptAlert extends AlertTarget {
  readonly alertId: string;
  readonly email: string;
  readonly name: string;
  readonly setAt: string;
  /** Told once: the alert no longer waits, but stays in the buyer's list until removed. */
  readonly notified: boolean;
}

export interface AvailabilityAlertsState {
  /**
   * The buyer's alerts by id, waiting or notified; a removed alert leaves this map. A Map, because ids
   * come from the caller: as an object's keys, 'toString' or 'constructor' would find a prototype member.
   */
  readonly alerts: ReadonlyMap<string, KeptAlert>;
}

const waiting = (state: AvailabilityAlertsState): KeptAlert[] => [...state.alerts.values()].filter((a) => !a.notified);

const sameTarget = (a: Pick<AlertTarget, 'projectId' | 'unitId'>, b: Pick<AlertTarget, 'projectId' | 'unitId'>): boolean =>
  a.projectId === b.projectId && a.unitId === b.unitId;

/** The waiting alert for a target, if the buyer already set one. */
export const waitingAlertFor = (state: AvailabilityAlertsState, target: Pick<AlertTarget, 'projectId' | 'unitId'>): KeptAlert | undefined =>
  waiting(state).find((alert) => sameTarget(alert, target));

/** A buyer keeps a bounded list: enough for every project they follow, not a way to flood the mailer. */
const MAX_WAITING_ALERTS = 50;

const withAlert = (alerts: AvailabilityAlertsState['alerts'], alert: KeptAlert) => new Map(alerts).set(alert.alertId, alert);

const without = (alerts: AvailabilityAlertsState['alerts'], alertId: string) => {
  const rest = new Map(alerts);
  rest.delete(alertId);
  return rest;
};

export const availabilityAlertsDecider: Decider<AvailabilityAlertsCommand, AvailabilityAlertsState, AvailabilityAlertsEvent> = {
  initialState: () => ({ alerts: new Map() }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'AvailabilityAlertSet': {
        const { alertId, projectId, projectName, unitId, unitNumber, email, name, setAt } = event.data;
        return { alerts: withAlert(state.alerts, { alertId, projectId, projectName, unitId, unitNumber, email, name, setAt, notified: false }) };
      }
      case 'AvailabilityAlertNotified': {
        const alert = state.alerts.get(event.data.alertId);
        return alert ? { alerts: withAlert(state.alerts, { ...alert, notified: true }) } : state;
      }
      case 'AvailabilityAlertRemoved':
        return { alerts: without(state.alerts, event.data.alertId) };
    }
  },
  decide: (command, state, meta: CommandMetadata): AvailabilityAlertsEvent[] => {
    const at = meta.now.toISOString();
    switch (command.type) {
      case 'SetAvailabilityAlert': {
        if (waitingAlertFor(state, command.target)) return [];
        if (waiting(state).length >= MAX_WAITING_ALERTS)
          throw new DomainError('BUSINESS_RULE_VIOLATION', 'too many alerts', [
            { field: 'projectId', code: 'BUSINESS_RULE_VIOLATION', message: `Puede mantener hasta ${MAX_WAITING_ALERTS} alertas activas.` },
          ]);
        const { alertId, userId, email, name, target } = command;
        return [{ type: 'AvailabilityAlertSet', data: { alertId, userId, email, name, ...target, setAt: at } }];
      }
      case 'RemoveAvailabilityAlert':
        // Removing an alert that never existed (or is gone already) records nothing.
        if (!state.alerts.has(command.alertId)) throw new DomainError('NOT_FOUND', 'alert');
        return [{ type: 'AvailabilityAlertRemoved', data: { alertId: command.alertId, userId: command.userId, removedAt: at } }];
      case 'RecordAlertNotified': {
        // Told already, or removed meanwhile: nothing to record (and the caller sends nothing).
        if (state.alerts.get(command.alertId)?.notified !== false) return [];
        const { alertId, userId, unitId, unitNumber, sentTo } = command;
        return [{ type: 'AvailabilityAlertNotified', data: { alertId, userId, unitId, unitNumber, sentTo, notifiedAt: at } }];
      }
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
      }
    }
  },
};

export const alertsStream = (userId: string): string => `alerts-${userId}`;
