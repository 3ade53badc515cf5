import { call, put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError, toApiErrorBody } from '../../shared/api/errors';
import { toastRequested, unitStatusStale } from '../../shared/events';
import { getServices, type AppServices } from '../../shared/store/services';
import * as alertsApi from './api/alerts-api';
import { ALERT_REMOVED_MESSAGE, alertSetMessage } from './labels';
import {
  alertRemoved,
  alertRemoveFailed,
  alertRemoveRequested,
  alertSet,
  alertSetFailed,
  alertSetRequested,
  myAlertsFailed,
  myAlertsLoaded,
  myAlertsRequested,
} from './slice';

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
    const alert: alertsApi.AvailabilityAlert = yield call(alertsApi.setAlert, api, payload);
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

function* loadMine() {
  const { api }: AppServices = yield getServices();
  try {
    const answer: alertsApi.MyAlertsAnswer = yield call(alertsApi.listMyAlerts, api);
    yield put(myAlertsLoaded(answer));
  } catch (error) {
    yield put(myAlertsFailed(toApiErrorBody(error)));
  }
}

/** An alert already gone (removed in another tab) answers 404: the list is read again without it. */
export function* removeAlert({ payload }: ReturnType<typeof alertRemoveRequested>) {
  const { api }: AppServices = yield getServices();
  try {
    yield call(alertsApi.removeAlert, api, payload.alertId);
    yield put(alertRemoved(payload));
    yield put(toastRequested({ kind: 'success', message: ALERT_REMOVED_MESSAGE }));
  } catch (error) {
    const body = toApiErrorBody(error);
    yield put(alertRemoveFailed({ ...payload, error: body }));
    yield put(toastRequested({ kind: 'error', message: body.message }));
    if (error instanceof ApiError && error.code === 'NOT_FOUND') yield put(myAlertsRequested());
  }
}

export function* alertsSaga() {
  yield takeLeading(alertSetRequested.type, setAlert);
  yield takeLatest(myAlertsRequested.type, loadMine);
  yield takeEvery(alertRemoveRequested.type, removeAlert);
}
