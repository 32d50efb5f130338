/**
 * Which occurrences an edit of one occurrence of a recurring event changes (the event form asks
 * before saving). Its own module, without zod, for the form's browser bundle.
 */
export const EDIT_SCOPES = ["this", "following", "all"] as const;
export type EditScope = (typeof EDIT_SCOPES)[number];
/** The event form's field for it, shown for an occurrence only. */
export const SCOPE_FIELD = "scope";
