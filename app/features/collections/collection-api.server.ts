import { z } from "zod";
import { READ_FAILED } from "~/core/api-answers.server";
import type { ApiAnswer } from "~/core/api-route.server";
import type { CollectionService } from "./collections.server";

/** What every collection's public list read (`GET /api/students`…) says of itself in the document. */
export function collectionReadDocs({ collection, recordSchema }: CollectionService, headers?: z.ZodObject) {
  const list: ApiAnswer = { description: "The list", schema: z.array(recordSchema), ...(headers && { headers }) };
  return {
    tag: collection.headings.list,
    summary: `Every published ${collection.noun}`,
    access: "public" as const,
    answers: { 200: list, ...READ_FAILED },
  };
}
