import { useEffect, useState } from 'react';
import type { CompanyItem } from '../../../../../contract/campaigns';
import { toApiErrorBody } from '../../../shared/api/errors';
import { useApi } from '../../../shared/kit/api-context';
import { fetchRealEstates, fetchRegions, type Region } from '../api/catalog-admin-api';

export type ReferenceData = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; regions: Region[]; realEstates: CompanyItem[] };

/** Chile's regions and communes, and the real-estate companies this person may file projects under. */
export function useReferenceData(): ReferenceData {
  const api = useApi();
  const [data, setData] = useState<ReferenceData>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    Promise.all([fetchRegions(api), fetchRealEstates(api)]).then(
      ([regions, realEstates]) => live && setData({ status: 'loaded', regions, realEstates }),
      (error: unknown) => live && setData({ status: 'failed', message: toApiErrorBody(error).message }),
    );
    return () => {
      live = false;
    };
  }, [api]);
  return data;
}
