import { asc } from "drizzle-orm";
import { clubTimeZoneIn } from "~/core/settings.server";
import type { Database } from "~/db/client.server";
import { notices } from "~/db/schema";
import { noticeDateParts } from "~/features/collections/notices";
import { todayIn } from "~/lib/format";
import { slugify } from "~/lib/slug";
import { zonedInstant } from "~/lib/zoned-time";

const DAY_MS = 86_400_000;

/** The demo's unpublished work: a draft notice, and one scheduled for tomorrow morning on the club's clocks. */
export async function seedDemoDrafts(db: Database, now = new Date()): Promise<void> {
  const timeZone = await clubTimeZoneIn(db);
  // Their PDF is one the demo already has: a draft needs no file of its own to show how drafts work.
  const [withPdf] = await db
    .select({ pdfFile: notices.pdfFile })
    .from(notices)
    .orderBy(asc(notices.createdAt))
    .limit(1);
  if (!withPdf) return;
  const today = todayIn(timeZone, now);
  const tomorrow = todayIn(timeZone, new Date(now.getTime() + DAY_MS));
  const drafts = [
    {
      name: "Call for teams: Hackathon 2027 (draft)",
      date: today,
      description: "Teams of three may enter the club's first hackathon. Rules and prizes to be confirmed.",
      status: "draft" as const,
      publishAt: null,
    },
    {
      name: "Semester final contest: registration opens",
      date: tomorrow,
      description: "Registration for the semester final contest opens today. Teams of up to three members.",
      status: "scheduled" as const,
      publishAt: zonedInstant(tomorrow, "09:00", timeZone) ?? new Date(now.getTime() + DAY_MS),
    },
  ];
  await db.insert(notices).values(
    drafts.map((draft) => ({
      name: draft.name,
      slug: slugify(draft.name, "notice"),
      publishingDate: draft.date,
      ...noticeDateParts(draft.date),
      pdfFile: withPdf.pdfFile,
      description: draft.description,
      status: draft.status,
      publishAt: draft.publishAt,
    })),
  );
}
