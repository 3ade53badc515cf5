import type { AvailabilityAlert } from './api/alerts-api';

/** The words of availability alerts, shared by the toasts and "Mis alertas". */
type Target = Pick<AvailabilityAlert, 'projectName' | 'unitId' | 'unitNumber'>;

export const ALERT_REMOVED_MESSAGE = 'Alerta quitada.';

const theUnit = (alert: Target) => (alert.unitNumber ? `la unidad ${alert.unitNumber}` : 'la unidad');

/** The success toast: what the buyer will be told about, and how. */
export const alertSetMessage = (alert: Target): string =>
  alert.unitId !== null
    ? `Le avisaremos por correo cuando ${theUnit(alert)} se libere.`
    : `Le avisaremos por correo cuando haya unidades disponibles en ${alert.projectName}.`;

/** 'Unidad 302', or the whole project. */
export const alertScopeLabel = (alert: Target): string =>
  alert.unitId !== null ? (alert.unitNumber ? `Unidad ${alert.unitNumber}` : 'Unidad') : 'Cualquier unidad del proyecto';

/** Names one alert for assistive technology ('Quitar alerta de la unidad 302 de Edificio Parque Ñuñoa'). */
export const removeAlertLabel = (alert: Target): string =>
  alert.unitId !== null ? `Quitar alerta de ${theUnit(alert)} de ${alert.projectName}` : `Quitar alerta de cualquier unidad de ${alert.projectName}`;
