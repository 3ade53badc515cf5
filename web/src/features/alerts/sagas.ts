import { call, put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError, toApiErrorBody } from '../../shared/api/errors';
import { toastRequested } from '../../shared/events';
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

/**
 * "Avisarme si se libera": one alert at a time. A refusal (the unit is available right now, the project
 * or unit is gone, too many alerts) is told with its specific reason.
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
