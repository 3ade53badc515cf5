import BuyerDashboardPage from '../../features/dashboard/pages/BuyerDashboardPage';
import { selectGrants, type SessionState } from '../../features/session/slice';
import { useAppSelector } from '../../shared/store/StoreProvider';

/** The buyer's panel, given the person's grants so it offers only what they may open. */
export default function BuyerDashboardRoute() {
  const grants = useAppSelector((s: { session: SessionState }) => selectGrants(s));
  return <BuyerDashboardPage grants={grants} />;
}
