import { asc, desc, eq } from "drizzle-orm";
import { recordOf, valuesOf } from "~/core/collection-rows.server";
import { defineStore } from "~/core/crud.server";
import type { Database } from "~/db/client.server";
import { executives } from "~/db/schema";
import { type ApiExecutive, compareExecutives, type ExecutiveInput } from "./executives";
import { executiveFields } from "./executives.fields";

type ExecutiveRow = typeof executives.$inferSelect;

export const toApiExecutive: (row: ExecutiveRow) => ApiExecutive = recordOf(executiveFields);

/** Every executive, newest panel first, each panel in designation order (`GET /api/executives`). */
export async function listExecutives(db: Database): Promise<ApiExecutive[]> {
  const rows = await db.select().from(executives).orderBy(desc(executives.panel));
  return rows.map(toApiExecutive).sort((a, b) => b.panel.localeCompare(a.panel) || compareExecutives(a, b));
}

/** One panel in designation order (a panel is a few dozen rows, read through the panel index). */
export async function listPanel(db: Database, panel: string): Promise<ApiExecutive[]> {
  const rows = await db.select().from(executives).where(eq(executives.panel, panel));
  return rows.map(toApiExecutive).sort(compareExecutives);
}

/** The panels that have at least one executive, newest first. */
export async function listPanelNames(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ panel: executives.panel }).from(executives).orderBy(desc(executives.panel));
  return rows.map((row) => row.panel);
}

const executiveValues = valuesOf(executives, executiveFields);

/** The dashboard's and the write API's access to executives. */
export const executiveStore = defineStore({
  table: executives,
  toApi: toApiExecutive,
  toValues: (_db, input: ExecutiveInput) => executiveValues(input),
  searchColumns: [executives.name, executives.email, executives.panel, executives.designation],
  orderBy: [desc(executives.createdAt), asc(executives.id)],
  sorts: { name: executives.name, designation: executives.designation, panel: executives.panel },
  filters: { panel: { column: executives.panel, options: listPanelNames } },
});
