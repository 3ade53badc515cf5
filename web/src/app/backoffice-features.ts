import { roleHistoryReducer } from '../features/role-history/slice';
import { roleHistorySaga } from '../features/role-history/sagas';

/**
 * The back office's slices and sagas, in a chunk of their own: buyers never download them. The store
 * (store.ts `injectBackoffice`) adds them when a back-office route first renders (BackofficeFeatures).
 */
export const backofficeReducers = {
  roleHistory: roleHistoryReducer,
};

export const BACKOFFICE_SAGAS = [roleHistorySaga];
