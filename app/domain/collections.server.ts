import type { z } from "zod";
import type { CollectionKey } from "./collections";
import type { CollectionStore } from "./crud.server";
import { eventInput } from "./events";
import { eventStore } from "./events.server";
import { executiveInput } from "./executives";
import { executiveStore } from "./executives.server";
import { noticeInput } from "./notices";
import { noticeStore } from "./notices.server";
import { recentEventInput } from "./recent-events";
import { recentEventStore } from "./recent-events.server";
import { resultInput } from "./results";
import { resultStore } from "./results.server";
import { studentInput } from "./students";
import { studentStore } from "./students.server";
import { teacherInput } from "./teachers";
import { teacherStore } from "./teachers.server";

/**
 * Each collection's input schema: the server checks every form and API body with it. The
 * browser gets none of them (zod would double the dashboard's JavaScript); forms ask the
 * server, which names the wrong fields.
 */
export const inputSchemas: Record<CollectionKey, z.ZodType<unknown, Record<string, unknown>>> = {
  events: eventInput,
  notices: noticeInput,
  students: studentInput,
  teachers: teacherInput,
  executives: executiveInput,
  results: resultInput,
  "recent-events": recentEventInput,
};

/** The database side of the collection registry (collections.ts): one store per collection. */
export const stores: Record<CollectionKey, CollectionStore> = {
  events: eventStore as CollectionStore,
  notices: noticeStore as CollectionStore,
  students: studentStore as CollectionStore,
  teachers: teacherStore as CollectionStore,
  executives: executiveStore as CollectionStore,
  results: resultStore as CollectionStore,
  "recent-events": recentEventStore as CollectionStore,
};
