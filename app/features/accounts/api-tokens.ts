import { z } from "zod";
import { requiredText } from "~/core/fields";

export const API_TOKEN_NAME_MAX = 60;

/** A token as its owner sees it in the dashboard: never the token itself, only how it starts. */
export interface ApiTokenSummary {
  _id: string;
  name: string;
  /** The first characters, so the owner can tell tokens apart. */
  start: string;
  createdAt: string;
  /** When a call last used it; null when never. */
  lastUsedAt: string | null;
}

export const apiTokenInput = z.object({ name: requiredText("messages.fields.name", API_TOKEN_NAME_MAX) });
