import ExplorePage from '../../features/catalog/pages/ExplorePage';
import { useViewer } from '../hooks/useViewer';

/** Explore with the session's say on favourites (sign in first, then come back here). */
export default function ExploreRoute() {
  const { authenticated, signIn } = useViewer();
  return <ExplorePage authenticated={authenticated} onSignIn={signIn} />;
}
