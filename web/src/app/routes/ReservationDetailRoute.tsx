import ReservationDetailPage from '../../features/commercial/pages/ReservationDetailPage';
import { selectHasPermission, type SessionState } from '../../features/session/slice';
import { useAppSelector } from '../../shared/store/StoreProvider';

type Root = { session: SessionState };

/** The back office's reservation (commercial feature); staff who may record refunds see the refund form. */
export default function ReservationDetailRoute() {
  const canRefund = useAppSelector((s: Root) => selectHasPermission(s, 'payments:refund'));
  return <ReservationDetailPage canRefund={canRefund} />;
}
