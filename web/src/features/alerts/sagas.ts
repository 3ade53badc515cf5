import { call, put, takeLeading } from 'redux-saga/effects';
import { toApiErrorBody } from '../../shared/api/errors';
import { toastRequested, unitStatusStale } from '../../shared/events';
import { getServices, type AppServices } from '../../shared/store/services';
import type { AvailabilityAlert } from './api/alerts-api';
import { alertSetMessage } from './labels';
import { alertSet, alertSetFailed, alertSetRequested } from './slice';

/** The reason to show: the specific one at a field when the server gives it, else the catalogue message. */
const reasonOf = (body: ReturnType<typeof toApiErrorBody>): string => body.fieldErrors.find((f) => f.message)?.message ?? body.message;

/** Refusals that mean the page shows the unit out of date: free again (422), sold (409) or gone (404). */
const STALE_UNIT = new Set(['BUSINESS_RULE_VIOLATION', 'PROPERTY_NOT_AVAILABLE', 'NOT_FOUND']);
const isAboutTheUnit = (body: ReturnType<typeof toApiErrorBody>) =>
  body.code !== 'BUSINESS_RULE_VIOLATION' || body.fieldErrors.some((f) => f.field === 'unitId');

/**
 * "Avisarme si se libera": one alert at a time. A refusal (the unit is available right now, the project
 * or unit is gone, too many alerts) is told with its specific reason; when the reason is the unit's own
 * state, the unit is read again so the page shows it as it is (reservable again, or sold).
 */
export function* setAlert({ payload }: ReturnType<typeof alertSetRequested>) {
  const { api }: AppServices = yield getServices();
  try {
    // Loaded on first use: the contract's entries carry zod schemas, which the first page's download leaves out.
    const alertsApi: typeof import('./api/alerts-api') = yield call(() => import('./api/alerts-api'));
    const alert: AvailabilityAlert = yield call(alertsApi.setAlert, api, payload);
    yield put(alertSet(alert));
    yield put(toastRequested({ kind: 'success', message: alertSetMessage(alert) }));
  } catch (error) {
    const body = toApiErrorBody(error);
    yield put(alertSetFailed({ target: payload, error: body }));
    yield put(toastRequested({ kind: 'error', message: reasonOf(body) }));
    if (payload.unitId && STALE_UNIT.has(body.code) && isAboutTheUnit(body))
      yield put(unitStatusStale({ unitId: payload.unitId, projectId: payload.projectId }));
  }
}

export function* alertsSaga() {
  yield takeLeading(alertSetRequested.type, setAlert);
}
