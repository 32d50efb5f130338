import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { apikeys } from "~/db/auth-schema";
import type { Database } from "~/db/client.server";
import type { LoadAuth } from "~/features/accounts/auth.server";
import type { ApiTokenSummary } from "./api-tokens";

export async function listApiTokens(db: Database, userId: string): Promise<ApiTokenSummary[]> {
  const rows = await db
    .select()
    .from(apikeys)
    .where(eq(apikeys.userId, userId))
    .orderBy(desc(apikeys.createdAt), desc(apikeys.id));
  return rows.map((row) => ({
    _id: row.id,
    name: row.name ?? "",
    start: row.start ?? "",
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastRequest?.toISOString() ?? null,
  }));
}

/** Makes a token for this user; the whole token exists only in this answer (the table keeps its hash). */
export async function createApiToken(auth: LoadAuth, userId: string, name: string): Promise<string> {
  const created = await (await auth()).api.createApiKey({ body: { name, userId } });
  return created.key;
}

/** Revokes one of this user's tokens; 0 when they have none with this id. */
export async function revokeApiToken(db: Database, userId: string, id: string): Promise<number> {
  if (!z.uuid().safeParse(id).success) return 0;
  const rows = await db
    .delete(apikeys)
    .where(and(eq(apikeys.id, id), eq(apikeys.userId, userId)))
    .returning({ id: apikeys.id });
  return rows.length;
}
