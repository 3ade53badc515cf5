import ReservationDetailPage from '../../features/commercial/pages/ReservationDetailPage';
import { selectHasPermission, type SessionState } from '../../features/session/slice';
import { useAppSelector } from '../../shared/store/StoreProvider';

type Root = { session: SessionState };

/** The back office's reservation (commercial feature); staff see the actions their permissions allow. */
export default function ReservationDetailRoute() {
  const refund = useAppSelector((s: Root) => selectHasPermission(s, 'payments:refund'));
  const cancel = useAppSelector((s: Root) => selectHasPermission(s, 'reservations:cancel'));
  const extendHold = useAppSelector((s: Root) => selectHasPermission(s, 'reservations:extend-hold'));
  return <ReservationDetailPage can={{ cancel, extendHold, refund }} />;
}
