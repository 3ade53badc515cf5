import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { CompanyItem } from '../../../../contract/campaigns';
import { fetchCompanies } from '../../features/companies/api/companies-api';
import { useApi } from '../../shared/kit/api-context';

/** The signed-in company user's own company (the server answers only that one), or none. */
export type OwnCompanyState = { readonly status: 'loading' } | { readonly status: 'none' } | { readonly status: 'loaded'; readonly company: CompanyItem };

const OwnCompanyContext = createContext<OwnCompanyState>({ status: 'loading' });

/**
 * Asked once for the whole company portal: its menu and its screens follow the company's kind (a partner
 * employer's collaborators and contribution, a real-estate company's listings), and settings need its id.
 */
export function OwnCompanyProvider({ children }: { readonly children: ReactNode }) {
  const api = useApi();
  const [state, setState] = useState<OwnCompanyState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    fetchCompanies(api, '').then(
      (items) => current && setState(items[0] ? { status: 'loaded', company: items[0] } : { status: 'none' }),
      () => current && setState({ status: 'none' }),
    );
    return () => {
      current = false;
    };
  }, [api]);
  return <OwnCompanyContext.Provider value={state}>{children}</OwnCompanyContext.Provider>;
}

export const useOwnCompany = (): OwnCompanyState => useContext(OwnCompanyContext);
