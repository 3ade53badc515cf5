import { useEffect } from 'react';

const APP_NAME = 'Vivienda Colaboradores';

/** Each screen names itself in the tab title, which screen readers announce on navigation. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);
}
