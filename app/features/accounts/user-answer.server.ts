import { userRecord } from "./users";

/**
 * One instance, so the OpenAPI document names it as the `User` component wherever it is used.
 * Server-only: made when the module loads, it would bring zod into every page that imports users.ts.
 */
export const userAnswer = userRecord();
