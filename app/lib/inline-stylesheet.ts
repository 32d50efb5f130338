import { createContext, useContext } from "react";

/**
 * The site's CSS as text, which pages without the React runtime carry inline: a phone on a
 * slow network then paints after the HTML alone, without a second round trip for the sheet.
 * Only the server render has it (server/app.ts reads it from the build).
 */
export const InlineStylesheetContext = createContext<string | undefined>(undefined);

export const useInlineStylesheet = () => useContext(InlineStylesheetContext);
