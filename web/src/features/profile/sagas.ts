import { call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { toApiErrorBody } from '../../shared/api/errors';
import { profileChanged, toastRequested } from '../../shared/events';
import { getServices, type AppServices } from '../../shared/store/services';
import { fetchProfile, updateProfile, type ProfileView } from './api/profile-api';
import { profileFailed, profileLoaded, profileRequested, profileSaved, profileSaveFailed, profileSaveSubmitted } from './slice';

export const PROFILE_SAVED_MESSAGE = 'Perfil actualizado correctamente.';

function* load() {
  const { api }: AppServices = yield getServices();
  try {
    const profile: ProfileView = yield call(fetchProfile, api);
    yield put(profileLoaded(profile));
  } catch (error) {
    yield put(profileFailed(toApiErrorBody(error)));
  }
}

/** Pessimistic: the page shows the server's answer; the session learns the new name for the header. */
export function* save({ payload }: ReturnType<typeof profileSaveSubmitted>) {
  const { api }: AppServices = yield getServices();
  try {
    const profile: ProfileView = yield call(updateProfile, api, payload);
    yield put(profileSaved(profile));
    const info = profile.userInfo;
    yield put(
      profileChanged({
        name: info.name ?? '',
        firstLastName: info.first_last_name ?? '',
        secondLastName: info.second_last_name ?? '',
        phone: info.phone ?? null,
      }),
    );
    yield put(toastRequested({ kind: 'success', message: PROFILE_SAVED_MESSAGE }));
  } catch (error) {
    const body = toApiErrorBody(error);
    yield put(profileSaveFailed(body));
    yield put(toastRequested({ kind: 'error', message: body.message }));
  }
}

export function* profileSaga() {
  yield takeLatest(profileRequested.type, load);
  yield takeLeading(profileSaveSubmitted.type, save);
}
