import { Link } from "react-router";
import { MarkdownText } from "~/components/markdown-text";
import { ResponsiveImage } from "~/components/responsive-image";
import { VideoPlayer } from "~/components/video-player";
import { eventPagePath, eventTypeLabelKey } from "~/content/events";
import {
  bannerImageSize,
  type CarouselSlide,
  type WhyJoinRow,
  type WorkshopTopic,
  whyJoinImageSize,
  workshopImageSize,
} from "~/content/home";
import { mapOf, phoneHref } from "~/core/contact";
import { appContext } from "~/core/context";
import { readClubTimeZone, readRenderedTexts, readSiteSettings } from "~/core/settings.server";
import type { ApiRecentEvent } from "~/features/collections/recent-events";
import { HOME_RECENT_EVENTS, listRecentEvents } from "~/features/collections/recent-events.server";
import type { ApiEvent } from "~/features/events/events";
import { listNextEvents } from "~/features/events/events.server";
import { useFormat, useLangOf, useT } from "~/i18n/react";
import { todayIn } from "~/lib/format";
import { seoMeta } from "~/lib/seo";
import { previewText, SHORT_PREVIEW } from "~/lib/text";
import type { Route } from "./+types/home";

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData?.page;
  return seoMeta(args, {
    title: page?.clubName ?? "",
    description: ({ t }) =>
      page ? t("public.home.description", { universityName: page.universityName, foundedYear: page.foundedYear }) : "",
  });
}

/** Upcoming events the home page lists. */
const HOME_NEXT_EVENTS = 3;

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const today = todayIn(await readClubTimeZone(app));
  const [recentEvents, nextEvents, settings, html] = await Promise.all([
    app.contentCache.read("home:recent-events", () => listRecentEvents(app.db, HOME_RECENT_EVENTS)),
    app.contentCache.read(`home:next-events:${today}`, () => listNextEvents(app.db, today, HOME_NEXT_EVENTS)),
    readSiteSettings(app),
    readRenderedTexts(app),
  ]);
  const page = {
    clubName: settings.clubName,
    universityName: settings.universityName,
    foundedYear: settings.foundedYear,
    introHtml: html.intro,
    videoEmbedUrl: settings.videoEmbedUrl,
    videoPosterUrl: settings.videoPosterUrl,
    slides: settings.carouselSlides,
    workshopTopics: settings.workshopTopics,
    whyJoinRows: settings.whyJoinRows,
    contact: {
      email: settings.email,
      phone: settings.phone,
      address: settings.address,
      ...mapOf(settings.mapLocation),
    },
  };
  return { recentEvents, nextEvents, page };
}

type HomePage = Route.ComponentProps["loaderData"]["page"];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <>
      <BannerCarousel slides={page.slides} clubName={page.clubName} />
      <WelcomeSection page={page} />
      <WorkshopSection topics={page.workshopTopics} />
      <NextEventsSection events={loaderData.nextEvents} />
      <WhyJoinSection rows={page.whyJoinRows} />
      <RecentEventsSection events={loaderData.recentEvents} />
      <ContactSection contact={page.contact} universityName={page.universityName} />
      <script src="/js/site.js" defer />
    </>
  );
}

/**
 * Slides scroll-snap in a focusable track (arrow keys scroll it), the dots are links to
 * each slide, and /js/site.js adds auto-advance with a pause button when motion is welcome.
 */
function BannerCarousel({ slides, clubName }: { slides: CarouselSlide[]; clubName: string }) {
  const t = useT();
  const format = useFormat();
  const count = format.number(slides.length);
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("public.home.carousel.label")}
      className="navy-surface relative bg-navy-950"
      data-carousel
    >
      <div
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none]"
        data-carousel-track
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
      >
        {slides.map((slide, index) => (
          // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern marks each slide as a group
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: a slide is its place in the carousel (the dots link to it)
            key={index}
            id={`slide-${index + 1}`}
            role="group"
            aria-roledescription="slide"
            aria-label={t("public.home.carousel.slide", { number: format.number(index + 1), count })}
            className="relative h-[26rem] w-full shrink-0 snap-start scroll-mt-16 sm:h-[28rem] lg:h-[30rem]"
            data-carousel-slide
          >
            <ResponsiveImage
              src={slide.img}
              alt=""
              {...bannerImageSize}
              sizes="100vw"
              loading={index === 0 ? "eager" : "lazy"}
              fetchPriority={index === 0 ? "high" : "auto"}
              decoding="async"
              className="absolute inset-0 size-full object-cover"
            />
            <div className="absolute inset-0 bg-gradient-to-r from-navy-950/90 via-navy-950/60 to-transparent" />
            <div className="container-page relative flex h-full flex-col justify-center pb-10">
              <p className="text-sm font-semibold uppercase tracking-widest text-accent-400">{clubName}</p>
              <p className="mt-2 max-w-xl text-4xl font-extrabold tracking-tight text-white sm:text-5xl">
                {slide.heading}
              </p>
              <p className="mt-4 max-w-lg text-lg text-slate-200">{slide.text}</p>
              <p className="mt-7">
                <SiteLink to={slide.linkTo} className="btn-accent">
                  {slide.linkLabel}
                </SiteLink>
              </p>
            </div>
          </div>
        ))}
      </div>
      <div className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-2">
        <ul className="flex gap-1" aria-label={t("public.home.carousel.choose")}>
          {slides.map((slide, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a dot is its slide's place
            <li key={index}>
              <a
                href={`#slide-${index + 1}`}
                aria-label={t("public.home.carousel.dot", {
                  number: format.number(index + 1),
                  heading: slide.heading,
                })}
                aria-current={index === 0 ? "true" : undefined}
                className="group grid size-11 place-items-center"
                data-carousel-dot
              >
                <span className="block size-3 rounded-full border-2 border-white group-aria-[current=true]:bg-accent-400 group-aria-[current=true]:border-accent-400" />
              </a>
            </li>
          ))}
        </ul>
        <button
          type="button"
          hidden
          className="btn min-h-11 rounded-full border border-white/60 px-4 text-sm text-white"
          data-carousel-pause
          data-pause-label={t("public.home.carousel.pause")}
          data-play-label={t("public.home.carousel.play")}
        >
          {t("public.home.carousel.pause")}
        </button>
      </div>
    </section>
  );
}

/** A page of this site through the router; another site's address as a plain link. */
function SiteLink({ to, className, children }: { to: string; className: string; children: string }) {
  if (!to.startsWith("/")) {
    return (
      <a href={to} className={className} rel="noopener">
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}

function WelcomeSection({ page }: { page: HomePage }) {
  const t = useT();
  return (
    <section className="container-page grid items-center gap-10 py-16 md:grid-cols-2">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">
          {t("public.home.welcome", { clubName: page.clubName })}
        </h1>
        <MarkdownText html={page.introHtml} className="mt-4 text-lg leading-relaxed text-slate-700" />
        <p className="mt-6 flex flex-wrap gap-3">
          <Link to="/about" className="btn-navy">
            {t("public.home.aboutLink")}
          </Link>
          <Link to="/events" className="btn border border-slate-300 text-navy-900 hover:bg-slate-50">
            {t("public.home.eventsLink")}
          </Link>
        </p>
      </div>
      <VideoPlayer
        embedUrl={page.videoEmbedUrl}
        posterUrl={page.videoPosterUrl}
        title={t("public.video.title", { clubName: page.clubName })}
        label={t("public.video.watch")}
      />
    </section>
  );
}

function SectionHeading({ id, title, intro }: { id: string; title: string; intro?: string }) {
  return (
    <div className="mb-8 max-w-2xl">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">
        {title}
      </h2>
      {intro && <p className="mt-2 text-slate-600">{intro}</p>}
    </div>
  );
}

/** The next events of every type, each linking to its page; left out when none is dated ahead. */
function NextEventsSection({ events }: { events: ApiEvent[] }) {
  const t = useT();
  const langOf = useLangOf();
  const format = useFormat();
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="next-events" className="container-page py-16">
      <SectionHeading id="next-events" title={t("public.home.comingUp")} />
      <ul className="grid gap-4 md:grid-cols-3">
        {events.map((event) => {
          const typeKey = eventTypeLabelKey(event.eventType);
          return (
            <li key={event._id} className="card flex flex-col gap-1 p-5">
              <p className="text-sm font-semibold text-accent-700">{typeKey ? t(typeKey) : event.eventType}</p>
              <Link
                to={eventPagePath(event)}
                lang={langOf(event.name)}
                className="text-lg font-semibold text-navy-900 underline"
              >
                {event.name}
              </Link>
              <p className="text-sm text-slate-600">
                {event.starts_on && format.date(event.starts_on)}, {format.time(event.starts_at)}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function WorkshopSection({ topics }: { topics: WorkshopTopic[] }) {
  const t = useT();
  return (
    <section aria-labelledby="workshops" className="bg-slate-50 py-16">
      <div className="container-page">
        <SectionHeading
          id="workshops"
          title={t("public.home.workshops.heading")}
          intro={t("public.home.workshops.intro")}
        />
        <ul className="grid gap-6 md:grid-cols-3">
          {topics.map((topic) => (
            <li key={topic.name} className="card overflow-hidden">
              <ResponsiveImage
                src={topic.img}
                alt=""
                {...workshopImageSize}
                sizes="(min-width: 768px) 33vw, 100vw"
                loading="lazy"
                decoding="async"
                className="aspect-[3/2] w-full object-cover"
              />
              <div className="p-5">
                <h3 className="text-lg font-semibold text-navy-900">{topic.name}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{topic.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function WhyJoinSection({ rows }: { rows: WhyJoinRow[] }) {
  const t = useT();
  return (
    <section aria-labelledby="why-join" className="container-page py-16">
      <SectionHeading id="why-join" title={t("public.home.whyJoin")} />
      <div className="space-y-12">
        {rows.map((row, index) => (
          <div key={row.title} className="grid items-center gap-6 md:grid-cols-2 md:gap-12">
            <ResponsiveImage
              src={row.img}
              alt={row.alt}
              {...whyJoinImageSize}
              sizes="(min-width: 768px) 50vw, 100vw"
              loading="lazy"
              decoding="async"
              className={`aspect-[7/5] w-full rounded-xl object-cover ${index % 2 === 1 ? "md:order-last" : ""}`}
            />
            <div>
              <h3 className="text-xl font-semibold text-navy-900">{row.title}</h3>
              <p className="mt-3 text-lg leading-relaxed text-slate-700">{row.text}</p>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}

function RecentEventsSection({ events }: { events: ApiRecentEvent[] }) {
  const t = useT();
  const langOf = useLangOf();
  return (
    <section aria-labelledby="recent-events" className="bg-slate-50 py-16" id="recent">
      <div className="container-page">
        <SectionHeading id="recent-events" title={t("public.home.recentEvents")} />
        {events.length === 0 ? (
          <p className="text-slate-600">{t("public.home.recentEventsEmpty")}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 md:gap-6">
            {events.map((event) => (
              <li key={event._id}>
                <Link
                  to={`/details/${event._id}`}
                  className="card group block h-full overflow-hidden no-underline transition-shadow hover:shadow-md"
                >
                  <ResponsiveImage
                    src={event.img1}
                    alt=""
                    width={1200}
                    height={675}
                    sizes="(min-width: 768px) 33vw, 50vw"
                    loading="lazy"
                    decoding="async"
                    className="aspect-video w-full object-cover"
                  />
                  <span className="block p-3 sm:p-5">
                    <span
                      lang={langOf(event.name)}
                      className="block text-sm font-semibold leading-snug text-navy-900 group-hover:underline sm:text-lg"
                    >
                      {event.name}
                    </span>
                    <span lang={langOf(event.details)} className="mt-2 hidden text-sm text-slate-600 sm:block">
                      {previewText(event.details, SHORT_PREVIEW)}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function ContactSection({ contact, universityName }: { contact: HomePage["contact"]; universityName: string }) {
  const t = useT();
  return (
    <section aria-labelledby="contact" className="container-page grid gap-10 py-16 md:grid-cols-2">
      <div>
        <SectionHeading id="contact" title={t("public.home.contact.heading")} />
        <dl className="space-y-5 text-lg">
          <div>
            <dt className="text-sm font-semibold uppercase tracking-wide text-slate-500">
              {t("public.home.contact.email")}
            </dt>
            <dd>
              <a href={`mailto:${contact.email}`} className="break-all text-navy-700 underline">
                {contact.email}
              </a>
            </dd>
          </div>
          {contact.phone && (
            <div>
              <dt className="text-sm font-semibold uppercase tracking-wide text-slate-500">
                {t("public.home.contact.phone")}
              </dt>
              <dd>
                <a href={phoneHref(contact.phone)} className="text-navy-700 underline">
                  {contact.phone}
                </a>
              </dd>
            </div>
          )}
          <div>
            <dt className="text-sm font-semibold uppercase tracking-wide text-slate-500">
              {t("public.home.contact.address")}
            </dt>
            <dd className="text-slate-800">{contact.address}</dd>
          </div>
        </dl>
      </div>
      <div>
        <iframe
          src={contact.embedUrl}
          title={t("public.home.contact.map", { universityName })}
          loading="lazy"
          height={350}
          className="h-[350px] w-full rounded-xl border border-slate-200 bg-slate-100"
          referrerPolicy="no-referrer-when-downgrade"
        />
        <p className="mt-2 text-sm">
          <a href={contact.linkUrl} className="text-navy-700 underline" target="_blank" rel="noopener">
            {t("public.home.contact.openMap")}
          </a>
        </p>
      </div>
    </section>
  );
}
