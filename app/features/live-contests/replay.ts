import { z } from "zod";
import { schemaMessage } from "~/i18n/message";

/** The speeds the dashboard offers a replay: times the contest's own clock; 0 is as fast as possible. */
export const REPLAY_SPEEDS = [1, 10, 60, 600, 0] as const;

/** A replay speed from the dashboard's form: one of those offered. */
export const replaySpeedInput = z.coerce
  .number({ error: schemaMessage("tools.live.error.speed") })
  .int(schemaMessage("tools.live.error.speed"))
  .refine((speed) => (REPLAY_SPEEDS as readonly number[]).includes(speed), schemaMessage("tools.live.error.speed"));
