import { Link } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import { VideoPlayer } from "~/components/video-player";
import { eventPagePath, eventTypeLabel } from "~/content/events";
import { bannerImageSize, bannerSlides, homeSections, welcome, whyJoin, workshopTopics } from "~/content/home";
import { clubTimeZone, type SiteSettings } from "~/content/site";
import { appContext } from "~/context";
import type { ApiEvent } from "~/domain/events";
import { listNextEvents } from "~/domain/events.server";
import type { ApiRecentEvent } from "~/domain/recent-events";
import { HOME_RECENT_EVENTS, listRecentEvents } from "~/domain/recent-events.server";
import { useSiteSettings } from "~/domain/settings";
import { formatDate, formatTime, todayIn } from "~/lib/format";
import { seoMeta } from "~/lib/seo";
import { langOf, previewText, SHORT_PREVIEW } from "~/lib/text";
import type { Route } from "./+types/home";

export function meta(args: Route.MetaArgs) {
  return seoMeta(args, {
    title: "RMSTU Programming Club",
    description:
      "The programming club of the CSE department, Rangamati Science and Technology University: contests, workshops, seminars and webinars since 2001.",
  });
}

/** Upcoming events the home page lists. */
const HOME_NEXT_EVENTS = 3;

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const today = todayIn(clubTimeZone);
  const [recentEvents, nextEvents] = await Promise.all([
    app.contentCache.read("home:recent-events", () => listRecentEvents(app.db, HOME_RECENT_EVENTS)),
    app.contentCache.read(`home:next-events:${today}`, () => listNextEvents(app.db, today, HOME_NEXT_EVENTS)),
  ]);
  return { recentEvents, nextEvents };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  return (
    <>
      <BannerCarousel imageUrl={settings.bannerImageUrl} />
      <WelcomeSection settings={settings} />
      <WorkshopSection />
      <NextEventsSection events={loaderData.nextEvents} />
      <WhyJoinSection />
      <RecentEventsSection events={loaderData.recentEvents} />
      <ContactSection settings={settings} />
      <script src="/js/site.js" defer />
    </>
  );
}

/**
 * Slides scroll-snap in a focusable track (arrow keys scroll it), the dots are links to
 * each slide, and /js/site.js adds auto-advance with a pause button when motion is welcome.
 */
function BannerCarousel({ imageUrl }: { imageUrl: string }) {
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Club highlights"
      className="relative bg-navy-950"
      data-carousel
    >
      <div
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none]"
        data-carousel-track
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
      >
        {bannerSlides.map((slide, index) => (
          // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern marks each slide as a group
          <div
            key={slide.title}
            id={`slide-${index + 1}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${bannerSlides.length}`}
            className="relative h-[26rem] w-full shrink-0 snap-start scroll-mt-16 sm:h-[28rem] lg:h-[30rem]"
            data-carousel-slide
          >
            <ResponsiveImage
              src={imageUrl}
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
              <p className="text-sm font-semibold uppercase tracking-widest text-accent-400">RMSTU Programming Club</p>
              <p className="mt-2 max-w-xl text-4xl font-extrabold tracking-tight text-white sm:text-5xl">
                {slide.title}
              </p>
              <p className="mt-4 max-w-lg text-lg text-slate-200">{slide.text}</p>
              <p className="mt-7">
                <Link to={slide.link.to} className="btn-accent">
                  {slide.link.label}
                </Link>
              </p>
            </div>
          </div>
        ))}
      </div>
      <div className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-2">
        <ul className="flex gap-1" aria-label="Choose a slide">
          {bannerSlides.map((slide, index) => (
            <li key={slide.title}>
              <a
                href={`#slide-${index + 1}`}
                aria-label={`Slide ${index + 1}: ${slide.title}`}
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
        >
          Pause
        </button>
      </div>
    </section>
  );
}

function WelcomeSection({ settings }: { settings: SiteSettings }) {
  return (
    <section className="container-page grid items-center gap-10 py-16 md:grid-cols-2">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">{welcome.heading}</h1>
        {welcome.paragraphs.map((paragraph) => (
          <p key={paragraph} className="mt-4 text-lg leading-relaxed text-slate-700">
            {paragraph}
          </p>
        ))}
        <p className="mt-6 flex flex-wrap gap-3">
          <Link to="/about" className="btn-navy">
            About the club
          </Link>
          <Link to="/events" className="btn border border-slate-300 text-navy-900 hover:bg-slate-50">
            See our events
          </Link>
        </p>
      </div>
      <VideoPlayer
        embedUrl={settings.videoEmbedUrl}
        posterUrl={settings.videoPosterUrl}
        title={welcome.videoTitle}
        label={welcome.videoLabel}
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
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="next-events" className="container-page py-16">
      <SectionHeading id="next-events" title="Coming up" />
      <ul className="grid gap-4 md:grid-cols-3">
        {events.map((event) => (
          <li key={event._id} className="card flex flex-col gap-1 p-5">
            <p className="text-sm font-semibold text-accent-700">{eventTypeLabel(event.eventType)}</p>
            <Link
              to={eventPagePath(event)}
              lang={langOf(event.name)}
              className="text-lg font-semibold text-navy-900 underline"
            >
              {event.name}
            </Link>
            <p className="text-sm text-slate-600">
              {event.starts_on && formatDate(event.starts_on)}, {formatTime(event.starts_at)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function WorkshopSection() {
  return (
    <section aria-labelledby="workshops" className="bg-slate-50 py-16">
      <div className="container-page">
        <SectionHeading id="workshops" title={homeSections.workshopsHeading} intro={homeSections.workshopsIntro} />
        <ul className="grid gap-6 md:grid-cols-3">
          {workshopTopics.map((topic) => (
            <li key={topic.name} className="card overflow-hidden">
              <img
                src={topic.img}
                alt=""
                width={topic.width}
                height={topic.height}
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

function WhyJoinSection() {
  return (
    <section aria-labelledby="why-join" className="container-page py-16">
      <SectionHeading id="why-join" title={whyJoin.heading} />
      <div className="space-y-12">
        {whyJoin.rows.map((row, index) => (
          <div key={row.title} className="grid items-center gap-6 md:grid-cols-2 md:gap-12">
            <img
              src={row.img}
              alt={row.alt}
              width={row.width}
              height={row.height}
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
  return (
    <section aria-labelledby="recent-events" className="bg-slate-50 py-16" id="recent">
      <div className="container-page">
        <SectionHeading id="recent-events" title={homeSections.recentEventsHeading} />
        {events.length === 0 ? (
          <p className="text-slate-600">{homeSections.recentEventsEmpty}</p>
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

function ContactSection({ settings }: { settings: SiteSettings }) {
  return (
    <section aria-labelledby="contact" className="container-page grid gap-10 py-16 md:grid-cols-2">
      <div>
        <SectionHeading id="contact" title={homeSections.contactHeading} />
        <dl className="space-y-5 text-lg">
          <div>
            <dt className="text-sm font-semibold uppercase tracking-wide text-slate-500">Email</dt>
            <dd>
              <a href={`mailto:${settings.email}`} className="break-all text-navy-700 underline">
                {settings.email}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold uppercase tracking-wide text-slate-500">Phone</dt>
            <dd>
              <a href={`tel:${settings.phone.replace(/[^+\d]/g, "")}`} className="text-navy-700 underline">
                {settings.phone}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold uppercase tracking-wide text-slate-500">Address</dt>
            <dd className="text-slate-800">{settings.address}</dd>
          </div>
        </dl>
      </div>
      <div>
        <iframe
          src={settings.mapEmbedUrl}
          title={homeSections.mapTitle}
          loading="lazy"
          height={350}
          className="h-[350px] w-full rounded-xl border border-slate-200 bg-slate-100"
          referrerPolicy="no-referrer-when-downgrade"
        />
        <p className="mt-2 text-sm">
          <a href={settings.mapLinkUrl} className="text-navy-700 underline" target="_blank" rel="noopener">
            {homeSections.mapLinkLabel}
          </a>
        </p>
      </div>
    </section>
  );
}
