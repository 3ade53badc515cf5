import type { LegalDocumentKind } from '../../../../../contract/content';
import { formatDate } from '../../../shared/format/format';
import { Alert } from '../../../shared/ui/Alert';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Muted } from '../../../shared/ui/layout';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { fetchLegalDocument, useLoaded } from '../api/content-api';
import { LegalText } from '../components/LegalText';
import { StaticPage } from './StaticPage';

const TITLES: Record<LegalDocumentKind, string> = { terms: 'Términos y condiciones', privacy: 'Política de privacidad' };
const loaders = {
  terms: (api: Parameters<typeof fetchLegalDocument>[0]) => fetchLegalDocument(api, 'terms'),
  privacy: (api: Parameters<typeof fetchLegalDocument>[0]) => fetchLegalDocument(api, 'privacy'),
};

/**
 * The terms or the privacy policy as published in the back office: the version in force, and (spec §9) the
 * next one announced with the date it takes effect, readable before that day.
 */
export default function LegalDocumentPage({ kind }: { readonly kind: LegalDocumentKind }) {
  const doc = useLoaded(loaders[kind]);
  return (
    <StaticPage title={TITLES[kind]}>
      {doc.status === 'loading' && (
        <div aria-busy="true">
          <Skeleton $width="90%" />
          <br />
          <Skeleton $width="75%" />
        </div>
      )}
      {doc.status === 'failed' && <LoadFailed message={doc.message} onRetry={doc.reload} />}
      {doc.status === 'loaded' && !doc.data.inForce && <Muted>Este documento se publicará pronto.</Muted>}
      {doc.status === 'loaded' && doc.data.inForce && (
        <>
          <Muted>
            Versión {doc.data.inForce.version}, vigente desde el {formatDate(doc.data.inForce.effectiveAt)}.
          </Muted>
          {doc.data.upcoming && (
            <Alert kind="info" title={`Nueva versión desde el ${formatDate(doc.data.upcoming.effectiveAt)}`}>
              Publicamos la versión {doc.data.upcoming.version} el {formatDate(doc.data.upcoming.publishedAt)}; entra en vigencia 10 días corridos después.
              Puede leerla al final de esta página.
            </Alert>
          )}
          <LegalText body={doc.data.inForce.body} />
          {doc.data.upcoming && (
            <details>
              <summary>
                Leer la versión {doc.data.upcoming.version}, vigente desde el {formatDate(doc.data.upcoming.effectiveAt)}
              </summary>
              <LegalText body={doc.data.upcoming.body} />
            </details>
          )}
        </>
      )}
    </StaticPage>
  );
}
