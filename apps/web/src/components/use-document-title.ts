import { useEffect } from "react";

export const PRODUCT_NAME = "Parley";

/** "Pricing · Parley" for a page title, plain "Parley" for the home page. */
export function formatDocumentTitle(page?: string): string {
  return page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = formatDocumentTitle(page);
  }, [page]);
}
