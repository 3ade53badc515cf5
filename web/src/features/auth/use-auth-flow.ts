import { useEffect, useMemo } from 'react';
import { fieldErrorMap } from '../../shared/api/errors';
import { useAppDispatch, useAppSelector } from '../../shared/store/StoreProvider';
import { flowEntered, type AuthFlow, type AuthState, type FlowState } from './slice';

/**
 * An account flow's screen: entering it forgets the last outcome; the flow's state, and the server's field
 * errors keyed by field for useForm.
 */
export function useAuthFlow(name: AuthFlow, select: (state: { auth: AuthState }) => FlowState) {
  const dispatch = useAppDispatch();
  const flow = useAppSelector(select);
  const serverErrors = useMemo(() => fieldErrorMap(flow.error), [flow.error]);
  useEffect(() => {
    dispatch(flowEntered(name));
  }, [dispatch, name]);
  return { dispatch, flow, serverErrors };
}
