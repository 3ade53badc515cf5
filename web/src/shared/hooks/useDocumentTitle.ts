import { useEffect } from 'react';

const APP_NAME = 'Vivienda Colaboradores';

/** The tab title of a screen (also written by the server into a server-rendered page). */
export const documentTitle = (title: string): string => (title ? `${title} | ${APP_NAME}` : APP_NAME);

/** Each screen names itself in the tab title, which screen readers announce on navigation. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
