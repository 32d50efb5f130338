import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router";
import { type SyncState, useCheckInDesk } from "~/components/use-check-in-desk";
import { actorOf } from "~/core/audit.server";
import { appContext } from "~/core/context";
import {
  type CheckInCard,
  cardOfOutcome,
  countCheckedIn,
  type HeldTicket,
  ticketDigitsOf,
} from "~/features/events/check-in";
import { eventOfAdminScreen } from "~/features/events/events.server";
import { checkIn, listTicketHolders } from "~/features/events/tickets.server";
import { privatePageMeta } from "~/i18n/meta";
import { type Translate, useT } from "~/i18n/react";
import { readFormData } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import { screenAction, screenLoader } from "~/wiring/dashboard-screens.server";
import { DuplicateList, OutcomeCard, PeopleList } from "./__check-in-views";
import { QrScanner } from "./__qr-scanner";
import type { Route } from "./+types/event-check-in";

/**
 * Checking people in at the door, on a phone: the list of everyone with a ticket is kept on the
 * device, so a scan or a typed code is answered at once and the page goes on without a network;
 * check-ins wait on the device until they can be sent.
 */
export const handle: RouteHandle = { hydrate: true };

export function meta(args: Route.MetaArgs) {
  const event = args.loaderData?.event;
  return privatePageMeta(args, (t) =>
    event ? t("tools.checkIn.heading", { event: event.name }) : t("tools.checkIn.title"),
  );
}

/** How many letters and digits a ticket code has. */
const CODE_LENGTH = 20;

async function visibleEvent(context: Route.LoaderArgs["context"], id: string) {
  const app = context.get(appContext);
  return { app, event: await eventOfAdminScreen(app.db, id) };
}

export const loader = screenLoader(async ({ context, params }: Route.LoaderArgs) => {
  const { app, event } = await visibleEvent(context, params.id);
  const holders = await listTicketHolders(app.db, event._id, app.secret);
  // No addresses on the device: it may be a volunteer's phone.
  const tickets: HeldTicket[] = holders.map(({ code, name, teamName, batch, checkedInAt }) => ({
    code,
    name,
    teamName,
    batch,
    checkedInAt,
  }));
  return { event: { id: event._id, name: event.name }, tickets };
});

/**
 * A typed code sent before the page's script runs. Not a dashboardAction: its answer is the
 * check-in desk's outcome for the code (the page shows it as a scan's), not a form's message,
 * so a failure answered as a form's would show nothing.
 */
export const action = screenAction(async ({ request, context, params }: Route.ActionArgs, user) => {
  const { app, event } = await visibleEvent(context, params.id);
  const code = String((await readFormData(request)).get("code") ?? "").slice(0, 100);
  if (!ticketDigitsOf(code)) return { outcome: { code, status: "invalid" as const } };
  const [outcome] = await checkIn(app.db, {
    eventId: event._id,
    checkIns: [{ code }],
    secret: app.secret,
    now: new Date(),
    actor: actorOf(request, user),
  });
  return { outcome };
});

export default function EventCheckIn({ loaderData, actionData }: Route.ComponentProps) {
  const { event, tickets } = loaderData;
  const answered = actionData?.outcome && cardOfOutcome(actionData.outcome, tickets);
  return <CheckInDesk key={event.id} event={event} loaded={tickets} answered={answered} />;
}

function syncText(t: Translate, sync: SyncState): string {
  const count = sync.waiting;
  if (count === 0) return t("tools.checkIn.allSent");
  if (sync.sending) return t("tools.checkIn.sending", { count });
  if (sync.refused) return t("tools.checkIn.refused", { count, status: sync.refused });
  return t("tools.checkIn.offline", { count });
}

/** Check-ins stuck on the device stand out: the phone must come back online before it is put away. */
function SyncLine({ sync }: { sync: SyncState | null }) {
  const t = useT();
  const stuck = sync !== null && sync.waiting > 0 && !sync.sending;
  return (
    <p className={`min-h-6 text-sm ${stuck ? "font-semibold text-amber-800" : "text-slate-700"}`}>
      {sync && syncText(t, sync)}
    </p>
  );
}

function CheckInDesk({
  event,
  loaded,
  answered,
}: {
  event: { id: string; name: string };
  loaded: HeldTicket[];
  answered: CheckInCard | undefined;
}) {
  const t = useT();
  const { desk, shown, sync, checkIn } = useCheckInDesk(event.id, loaded);
  return (
    <section className="flex flex-col gap-4">
      <p>
        <Link
          to={`/dashboard/events/${event.id}/registrations`}
          className="text-sm font-medium text-navy-700 underline"
        >
          {t("tools.checkIn.registrations")}
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-navy-900">{t("tools.checkIn.heading", { event: event.name })}</h1>
      <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
        <div className="flex flex-col gap-4">
          <div>
            <p className="text-2xl font-bold text-slate-900">
              {t("tools.checkIn.counts", { checkedIn: countCheckedIn(desk.tickets), expected: desk.tickets.length })}
            </p>
            <SyncLine sync={sync} />
          </div>
          <div role="status" aria-atomic="true">
            <ShownOutcome card={shown?.card ?? answered} cardKey={shown?.key} />
          </div>
          <QrScanner
            onRead={checkIn}
            labels={{
              start: t("tools.checkIn.scan"),
              stop: t("tools.checkIn.stopScan"),
              starting: t("tools.checkIn.cameraStarting"),
              hint: t("tools.checkIn.cameraHint"),
              view: t("tools.checkIn.cameraView"),
              failed: t("tools.checkIn.cameraFailed"),
            }}
          />
          <CodeForm onCode={checkIn} />
        </div>
        <div className="flex flex-col gap-4">
          <DuplicateList duplicates={desk.duplicates} />
          <PeopleList tickets={desk.tickets} />
        </div>
      </div>
    </section>
  );
}

/** Above the scanner and the field, so it stays in sight while the camera or the keyboard is open. */
function ShownOutcome({ card, cardKey }: { card: CheckInCard | undefined; cardKey: number | undefined }) {
  const t = useT();
  if (!card) {
    return (
      <p className="rounded-xl border-2 border-dashed border-slate-300 px-4 py-3 text-slate-600">
        {t("tools.checkIn.ready")}
      </p>
    );
  }
  return <OutcomeCard key={cardKey} card={card} />;
}

/** Focus stays in the field, so the next code can be typed at once. */
function CodeForm({ onCode }: { onCode: (text: string) => void }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState("");
  function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    const field = input.current;
    if (!field) return;
    const typed = ticketDigitsOf(field.value) !== undefined;
    if (typed) {
      onCode(field.value);
      field.value = "";
    }
    setError(typed ? "" : t("tools.checkIn.notACode", { count: CODE_LENGTH }));
    field.focus();
  }
  return (
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-1">
      <label htmlFor="ticket-code" className="text-sm font-medium text-slate-800">
        {t("tools.checkIn.codeLabel")}
      </label>
      <p id="ticket-code-hint" className="text-sm text-slate-600">
        {t("tools.checkIn.codeHint")}
      </p>
      <div className="flex gap-2">
        <input
          ref={input}
          id="ticket-code"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "ticket-code-hint ticket-code-error" : "ticket-code-hint"}
          // No width of its own (an input's is about 20 characters): the row fits a 320 px screen beside Check in.
          className="min-h-11 w-0 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 font-mono text-base focus:border-navy-700"
        />
        <button type="submit" className="btn-navy">
          {t("tools.checkIn.checkIn")}
        </button>
      </div>
      <p id="ticket-code-error" role="alert" className="text-sm text-red-700">
        {error}
      </p>
    </form>
  );
}
