/**
 * Texts and pictures of the home page. The lists and the intro are the defaults of site
 * settings an admin can change; sizes are the drawn SVGs' own, so cards never shift.
 */

export interface CarouselSlide {
  img: string;
  heading: string;
  text: string;
  linkLabel: string;
  /** A page of this site (`/about`) or an http(s) address. */
  linkTo: string;
}

/** The spec shows one banner picture on all three slides; each slide has its own message. */
export const carouselSlides: CarouselSlide[] = [
  {
    img: "/images/banner.svg",
    heading: "Upgrade yourself",
    text: "The oldest club of the university: contests, workshops, seminars and webinars since 2001.",
    linkLabel: "About the club",
    linkTo: "/about",
  },
  {
    img: "/images/banner.svg",
    heading: "Compete and grow",
    text: "Practise with contest programming classes and represent the university at national contests.",
    linkLabel: "Upcoming contests",
    linkTo: "/events/programming-contest",
  },
  {
    img: "/images/banner.svg",
    heading: "Learn by building",
    text: "Workshops, boot camps and development courses for every batch, from first year on.",
    linkLabel: "Read the notices",
    linkTo: "/notice",
  },
];

export const bannerImageSize = { width: 1600, height: 600 } as const;

/** Markdown, shown beside the club video. */
export const introText = `RMSTU Programming Club is the oldest club of Rangamati Science and Technology University. Students and the chairman of the Department of Computer Science and Engineering founded it in 2001 with 60 members.

We run programming contests, workshops, seminars and webinars, and help every member grow as a problem solver and developer. Our motto: Upgrade yourself.`;

/** The club video beside the welcome. */
export const welcome = {
  videoEmbedUrl: "https://www.youtube-nocookie.com/embed/zOjov-2OZ0E",
  /** Shown until the visitor presses play, so the video player loads only on demand. */
  videoPosterUrl: "/images/video-poster.svg",
} as const;

export const workshopImageSize = { width: 480, height: 320 } as const;

export interface WorkshopTopic {
  name: string;
  description: string;
  img: string;
}

/** The six workshop topics of the spec (section 2). */
export const workshopTopics: WorkshopTopic[] = [
  {
    name: "Computer Intro",
    description:
      "How a computer works, files and folders, the keyboard and mouse, and staying organised on Windows and Linux.",
    img: "/images/workshops/computer-intro.svg",
  },
  {
    name: "Microsoft Office",
    description: "Write reports in Word, build budgets and charts in Excel, and present ideas clearly with PowerPoint.",
    img: "/images/workshops/microsoft-office.svg",
  },
  {
    name: "Graphics Design",
    description: "Colour, typography and layout, and making posters and social media graphics with free tools.",
    img: "/images/workshops/graphics-design.svg",
  },
  {
    name: "Web Design",
    description: "Build and publish responsive web pages with HTML and CSS that work well on every phone.",
    img: "/images/workshops/web-design.svg",
  },
  {
    name: "Online Security",
    description: "Strong passwords, two-factor sign-in, spotting phishing and keeping your accounts and data safe.",
    img: "/images/workshops/online-security.svg",
  },
  {
    name: "Freelancing",
    description: "Find your first clients, price your work, build a portfolio and get paid on freelance marketplaces.",
    img: "/images/workshops/freelancing.svg",
  },
];

export const whyJoinImageSize = { width: 560, height: 400 } as const;

export interface WhyJoinRow {
  img: string;
  /** What the picture shows; empty when it only decorates. */
  alt: string;
  title: string;
  text: string;
}

export const whyJoinRows: WhyJoinRow[] = [
  {
    img: "/images/why-join/learn.svg",
    alt: "Students learning together around a laptop",
    title: "Learn from seniors and teachers",
    text: "Weekly contest programming classes, development courses and an R&D wing give you a path from your first program to real projects, guided by seniors and faculty members.",
  },
  {
    img: "/images/why-join/compete.svg",
    alt: "A trophy with a programming contest leader board",
    title: "Compete at national level",
    text: "Members take part in the NCPC, inter-university contests and online contests. The club hosted the 1st IUPC in 2019 with 55 universities.",
  },
  {
    img: "/images/why-join/network.svg",
    alt: "People connected in a network",
    title: "Build friendships and a network",
    text: "Seminars, webinars and events connect you with alumni working in the software industry and with students of every batch.",
  },
];
