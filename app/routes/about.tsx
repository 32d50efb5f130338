import type { ReactNode } from "react";
import { Link } from "react-router";
import { MarkdownText } from "~/components/markdown-text";
import { PageHeader } from "~/components/page-header";
import { useLocalDigits } from "~/components/site-footer";
import { VideoPlayer } from "~/components/video-player";
import type { SocialLink } from "~/content/site";
import { appContext } from "~/core/context";
import { readRenderedTexts, readSiteSettings } from "~/core/settings.server";
import { useT } from "~/i18n/react";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/about";

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  return seoMeta(args, {
    title: ({ t }) => t("public.about.heading"),
    description: ({ t }) => {
      if (!page) return "";
      const values = { foundedYear: page.foundedYear, clubName: page.clubName, motto: page.motto };
      return t(page.motto ? "public.about.descriptionMotto" : "public.about.description", values);
    },
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const [settings, html] = await Promise.all([readSiteSettings(app), readRenderedTexts(app)]);
  return {
    clubName: settings.clubName,
    foundedYear: settings.foundedYear,
    motto: settings.motto,
    lead: settings.aboutLead,
    textHtml: html.about,
    achievements: settings.achievements,
    videoEmbedUrl: settings.videoEmbedUrl,
    videoPosterUrl: settings.videoPosterUrl,
    email: settings.email,
    socialLinks: settings.socialLinks,
  };
}

export default function About({ loaderData: page }: Route.ComponentProps) {
  const t = useT();
  const localDigits = useLocalDigits();
  return (
    <>
      <PageHeader
        eyebrow={t("public.about.since", { year: localDigits(page.foundedYear) })}
        title={t("public.about.heading")}
      >
        <p>{page.lead}</p>
      </PageHeader>
      <div className="container-page grid grid-cols-1 gap-12 py-12 lg:grid-cols-[3fr_2fr]">
        <MarkdownText html={page.textHtml} className="text-lg leading-relaxed text-slate-700" />
        {page.achievements.length > 0 && (
          <section aria-labelledby="achievements">
            <h2 id="achievements" className="text-xl font-bold text-navy-900">
              {t("public.about.achievements")}
            </h2>
            <dl className="mt-4 grid grid-cols-2 gap-4">
              {page.achievements.map((item) => (
                <div key={item.label} className="card flex flex-col p-4">
                  <dt className="text-sm text-slate-600">{item.label}</dt>
                  <dd className="order-first text-3xl font-extrabold text-navy-900">{item.figure}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}
      </div>
      <section aria-labelledby="video" className="container-page py-4">
        <h2 id="video" className="mb-6 text-2xl font-bold text-navy-900">
          {t("public.about.video")}
        </h2>
        <div className="max-w-3xl">
          <VideoPlayer
            embedUrl={page.videoEmbedUrl}
            posterUrl={page.videoPosterUrl}
            title={t("public.video.title", { clubName: page.clubName })}
            label={t("public.video.watch")}
          />
        </div>
      </section>
      <section aria-labelledby="community" className="container-page py-12">
        <h2 id="community" className="mb-6 text-2xl font-bold text-navy-900">
          {t("public.about.community")}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {page.socialLinks.map((social) => (
            <SocialBlock key={social.url} social={social} />
          ))}
          <CommunityBlock title={t("public.about.email.title")} text={t("public.about.email.text")}>
            <a href={`mailto:${page.email}`} className="btn-navy" rel="noopener">
              {t("public.about.email.link")}
            </a>
          </CommunityBlock>
          <CommunityBlock title={t("public.about.notices.title")} text={t("public.about.notices.text")}>
            <Link to="/notice" className="btn-navy">
              {t("public.about.notices.link")}
            </Link>
          </CommunityBlock>
        </ul>
      </section>
      <script src="/js/site.js" defer />
    </>
  );
}

function SocialBlock({ social }: { social: SocialLink }) {
  const t = useT();
  return (
    <CommunityBlock title={t("public.about.social.title", { name: social.name })} text={t("public.about.social.text")}>
      <a href={social.url} className="btn-navy" rel="noopener">
        {t("public.about.social.link", { name: social.name })}
      </a>
    </CommunityBlock>
  );
}

function CommunityBlock({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <li className="card flex flex-col p-6">
      <h3 className="text-lg font-semibold text-navy-900">{title}</h3>
      <p className="mt-2 flex-1 text-slate-600">{text}</p>
      <p className="mt-4">{children}</p>
    </li>
  );
}
