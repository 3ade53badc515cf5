import type { ReactNode } from 'react';
import { Provider, useDispatch, useSelector } from 'react-redux';
import type { Action, Store } from 'redux';

/** The app's React bindings for Redux: react-redux, behind names the features already use. */
export function StoreProvider({ store, children }: { store: Store<unknown, Action>; children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}

export function useAppSelector<S, R>(selector: (state: S) => R): R {
  return useSelector(selector);
}

export function useAppDispatch(): (action: Action) => void {
  return useDispatch();
}
