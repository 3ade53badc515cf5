import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiErrorBody } from '../../../../contract/errors';
import { sessionEstablished, sessionExpired } from '../../shared/events';
import type { ProfileChanges, ProfileView } from './api/profile-api';

export interface ProfileState {
  readonly profile: ProfileView | null;
  readonly status: 'idle' | 'loading' | 'loaded' | 'failed';
  readonly error: ApiErrorBody | null;
  readonly save: { readonly status: 'idle' | 'saving' | 'saved' | 'failed'; readonly error: ApiErrorBody | null };
}

const initialState: ProfileState = { profile: null, status: 'idle', error: null, save: { status: 'idle', error: null } };

const slice = createSlice({
  name: 'profile',
  initialState: initialState as ProfileState,
  reducers: {
    profileRequested: (state) => ({ ...state, status: 'loading' as const, error: null, save: { status: 'idle' as const, error: null } }),
    profileLoaded: (state, action: PayloadAction<ProfileView>) => ({ ...state, profile: action.payload, status: 'loaded' as const }),
    profileFailed: (state, action: PayloadAction<ApiErrorBody>) => ({ ...state, status: 'failed' as const, error: action.payload }),
    profileSaveSubmitted: (state, _action: PayloadAction<ProfileChanges>) => ({ ...state, save: { status: 'saving' as const, error: null } }),
    profileSaved: (state, action: PayloadAction<ProfileView>) => ({ ...state, profile: action.payload, save: { status: 'saved' as const, error: null } }),
    profileSaveFailed: (state, action: PayloadAction<ApiErrorBody>) => ({ ...state, save: { status: 'failed' as const, error: action.payload } }),
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEstablished, () => initialState);
    builder.addCase(sessionExpired, () => initialState);
  },
});

export const profileReducer = slice.reducer;
export const { profileRequested, profileLoaded, profileFailed, profileSaveSubmitted, profileSaved, profileSaveFailed } = slice.actions;

export const selectProfile = (state: { profile: ProfileState }) => state.profile;
