import { useParams } from 'react-router-dom';
import CampaignPublicPage from '../../features/campaigns/pages/CampaignPublicPage';
import { useViewer } from '../hooks/useViewer';

/** /campaigns/:campaignId: a campaign's public page, with sign-in and back for enrolment. */
export default function CampaignPublicRoute() {
  const { campaignId = '' } = useParams();
  const { authenticated, signIn } = useViewer();
  return <CampaignPublicPage campaignId={campaignId} authenticated={authenticated} onSignIn={signIn} />;
}
