import type { ReactNode } from "react";
import { Link } from "react-router";
import { MarkdownText } from "~/components/markdown-text";
import { PageHeader } from "~/components/page-header";
import { VideoPlayer } from "~/components/video-player";
import { about, communityTexts } from "~/content/about";
import { welcome } from "~/content/home";
import type { SocialLink } from "~/content/site";
import { appContext } from "~/context";
import { readRenderedTexts, readSiteSettings } from "~/domain/settings.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/about";

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  return seoMeta(args, {
    title: about.heading,
    description: page
      ? `Founded in ${page.foundedYear}, ${page.clubName} runs programming contests, workshops, seminars and webinars.${page.motto ? ` Motto: ${page.motto}.` : ""}`
      : "",
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
  return (
    <>
      <PageHeader eyebrow={`Since ${page.foundedYear}`} title={about.heading}>
        <p>{page.lead}</p>
      </PageHeader>
      <div className="container-page grid grid-cols-1 gap-12 py-12 lg:grid-cols-[3fr_2fr]">
        <MarkdownText html={page.textHtml} className="text-lg leading-relaxed text-slate-700" />
        {page.achievements.length > 0 && (
          <section aria-labelledby="achievements">
            <h2 id="achievements" className="text-xl font-bold text-navy-900">
              {about.achievementsHeading}
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
          {about.videoHeading}
        </h2>
        <div className="max-w-3xl">
          <VideoPlayer
            embedUrl={page.videoEmbedUrl}
            posterUrl={page.videoPosterUrl}
            title={`${page.clubName} video`}
            label={welcome.videoLabel}
          />
        </div>
      </section>
      <section aria-labelledby="community" className="container-page py-12">
        <h2 id="community" className="mb-6 text-2xl font-bold text-navy-900">
          {about.communityHeading}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {page.socialLinks.map((social) => (
            <SocialBlock key={social.url} social={social} />
          ))}
          <CommunityBlock {...communityTexts.email}>
            <a href={`mailto:${page.email}`} className="btn-navy" rel="noopener">
              {communityTexts.email.linkLabel}
            </a>
          </CommunityBlock>
          <CommunityBlock {...communityTexts.notices}>
            <Link to="/notice" className="btn-navy">
              {communityTexts.notices.linkLabel}
            </Link>
          </CommunityBlock>
        </ul>
      </section>
      <script src="/js/site.js" defer />
    </>
  );
}

function SocialBlock({ social }: { social: SocialLink }) {
  const texts = communityTexts.social;
  return (
    <CommunityBlock title={texts.title(social.name)} text={texts.text}>
      <a href={social.url} className="btn-navy" rel="noopener">
        {texts.linkLabel(social.name)}
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
