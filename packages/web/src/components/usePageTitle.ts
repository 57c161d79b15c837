import { useEffect } from 'react';

export const PRODUCT_NAME = 'Rigging equipment portal';

/** Names the browser tab after the page, so history and tabs stay readable. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
