/** Marks the document's preload of its language catalog, which the browser entry reads before hydrating. */
export const CATALOG_LINK_ATTRIBUTE = "data-catalog";
