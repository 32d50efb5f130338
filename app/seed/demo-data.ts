/**
 * Demo content for a fresh installation, so every public page shows something real-looking.
 * Pictures and PDFs are not here: the seed draws them from these fields.
 */
import type { Motif, Standing } from "./drawings.server";

export interface DemoStudent {
  name: string;
  batch: number;
  session: string;
  email: string;
}

export interface DemoTeacher {
  name: string;
  designation: "Professor" | "Associate Professor" | "Assistant Professor" | "Lecturer";
  email: string;
  joinDate: string;
  details: string;
}

export interface DemoExecutive {
  name: string;
  title?: string;
  designation: string;
  email: string;
  panel: string;
}

export interface DemoEvent {
  eventType: "Programming Contest" | "WorkShop" | "Webinars" | "Seminar" | "Boot Camp";
  name: string;
  startsOn: string;
  startsAt: string;
  problemNumber: number;
  contestDuration: string;
  details: string;
  venue?: string;
  capacity?: number;
  teamSizeMin?: number;
  teamSizeMax?: number;
  registrationCloses?: Date;
}

export interface DemoNotice {
  name: string;
  publishingDate: string;
  description: string;
  /** Extra paragraphs printed in the notice's PDF only. */
  pdfParagraphs: string[];
}

export interface DemoResult {
  name: string;
  publishingDate: string;
  description: string;
  /** true: pdfFile is a generated PDF of the standings; false: it links the sheet image. */
  pdfSheet: boolean;
  standings: Standing[];
}

export interface DemoRecentEvent {
  name: string;
  details: string;
  details1: string;
  details2: string;
  motif: Motif;
  /** Captions of img1 (card), img2 and img3. */
  captions: [string, string, string];
}

export const SESSION_OF_BATCH: Record<number, string> = {
  1: "2014-2015",
  2: "2015-2016",
  3: "2016-2017",
  4: "2017-2018",
  5: "2018-2019",
  6: "2019-2020",
};

const STUDENT_NAMES: Record<number, string[]> = {
  2: ["Tanvir Ahmed", "Nusrat Jahan", "Jyotirmoy Chakma", "Sadia Afrin", "Mahmudul Hasan"],
  3: ["Rakibul Islam", "Farzana Akter", "Aungching Marma", "Shuvo Dey", "Tasnim Rahman"],
  4: ["Arif Hossain", "Priyanka Chakma", "Nayeem Uddin", "Sumaiya Islam", "Mongsing Marma"],
  5: ["Sabbir Hossain", "Mithila Barua", "Riyad Hasan", "Sujan Tripura", "Anika Tabassum"],
  6: ["Ashraful Alam", "Ishrat Jahan", "Partho Sarathi Das", "Uchinu Marma", "Fahim Shahriar"],
};

export function studentEmail(name: string): string {
  return `${name.toLowerCase().replace(/\s+/g, ".")}@student.rmstu.ac.bd`;
}

export const demoStudents: DemoStudent[] = Object.entries(STUDENT_NAMES).flatMap(([batch, names]) =>
  names.map((name) => ({
    name,
    batch: Number(batch),
    session: SESSION_OF_BATCH[Number(batch)] ?? "",
    email: studentEmail(name),
  })),
);

export const demoTeachers: DemoTeacher[] = [
  {
    name: "Dr. Mohammad Abdul Kader",
    designation: "Professor",
    email: "kader.cse@rmstu.ac.bd",
    joinDate: "2014-03-02",
    details: "Works on distributed systems and cloud computing, and has guided the club since its first contest.",
  },
  {
    name: "Dr. Sharmin Sultana",
    designation: "Associate Professor",
    email: "sharmin.sultana@rmstu.ac.bd",
    joinDate: "2015-07-12",
    details: "Teaches algorithms and machine learning; her research covers Bangla natural language processing.",
  },
  {
    name: "Bikash Chakma",
    designation: "Assistant Professor",
    email: "bikash.chakma@rmstu.ac.bd",
    joinDate: "2016-01-17",
    details: "Coaches the university's ICPC teams and teaches data structures and competitive programming.",
  },
  {
    name: "Nazia Tabassum",
    designation: "Assistant Professor",
    email: "nazia.tabassum@rmstu.ac.bd",
    joinDate: "2017-09-03",
    details: "Researches computer networks and the Internet of Things for rural and hill-tract communities.",
  },
  {
    name: "Md. Saiful Islam",
    designation: "Lecturer",
    email: "saiful.islam@rmstu.ac.bd",
    joinDate: "2019-02-10",
    details: "Teaches web engineering and software engineering and mentors the club's development wing.",
  },
  {
    name: "Suchana Barua",
    designation: "Lecturer",
    email: "suchana.barua@rmstu.ac.bd",
    joinDate: "2020-11-22",
    details: "Works on computer vision and image processing and runs the club's Python workshops.",
  },
];

const ORDINALS = ["", "1st", "2nd", "3rd", "4th", "5th", "6th"];

/** An executive who is (or was) a student: title and email follow the student's record. */
function studentExecutive(name: string, batch: number, designation: string, panel: string): DemoExecutive {
  return { name, title: `CSE, ${ORDINALS[batch]} batch`, designation, email: studentEmail(name), panel };
}

function teacherExecutive(name: string, designation: string, panel: string): DemoExecutive {
  const teacher = demoTeachers.find((t) => t.name === name);
  if (!teacher) throw new Error(`Demo data: no teacher named ${name}`);
  return { name, title: `${teacher.designation}, Department of CSE`, designation, email: teacher.email, panel };
}

export const PANEL_2021 = "2020-2021";

export const demoExecutives: DemoExecutive[] = [
  teacherExecutive("Dr. Sharmin Sultana", "President", PANEL_2021),
  teacherExecutive("Bikash Chakma", "Mentor", PANEL_2021),
  studentExecutive("Rakibul Islam", 3, "General Secretary", PANEL_2021),
  studentExecutive("Tanvir Ahmed", 2, "Vice-President (Male)", PANEL_2021),
  studentExecutive("Nusrat Jahan", 2, "Vice-President (Female)", PANEL_2021),
  studentExecutive("Aungching Marma", 3, "Joint Secretary (Male)", PANEL_2021),
  studentExecutive("Farzana Akter", 3, "Joint Secretary (Female)", PANEL_2021),
  studentExecutive("Arif Hossain", 4, "Organizing Secretary", PANEL_2021),
  studentExecutive("Sumaiya Islam", 4, "Finance Secretary", PANEL_2021),
  studentExecutive("Priyanka Chakma", 4, "Publicity & Publication Secretary", PANEL_2021),
  studentExecutive("Shuvo Dey", 3, "Welfare Secretary", PANEL_2021),
  studentExecutive("Mahmudul Hasan", 2, "Batch Executive (2nd Batch)", PANEL_2021),
  studentExecutive("Tasnim Rahman", 3, "Batch Executive (3rd Batch)", PANEL_2021),
  studentExecutive("Nayeem Uddin", 4, "Batch Executive (4th Batch)", PANEL_2021),
  studentExecutive("Sabbir Hossain", 5, "Batch Executive (5th Batch)", PANEL_2021),
  studentExecutive("Ishrat Jahan", 6, "Batch Executive (6th Batch)", PANEL_2021),

  teacherExecutive("Dr. Mohammad Abdul Kader", "President", "2019-2020"),
  studentExecutive("Jyotirmoy Chakma", 2, "General Secretary", "2019-2020"),
  studentExecutive("Kamrul Hasan", 1, "Vice-President (Male)", "2019-2020"),
  studentExecutive("Rumana Akter", 1, "Vice-President (Female)", "2019-2020"),
  studentExecutive("Tanvir Ahmed", 2, "Organizing Secretary", "2019-2020"),

  teacherExecutive("Dr. Mohammad Abdul Kader", "President", "2018-2019"),
  studentExecutive("Kamrul Hasan", 1, "General Secretary", "2018-2019"),
  studentExecutive("Sadia Afrin", 2, "Organizing Secretary", "2018-2019"),
];

export const demoEvents: DemoEvent[] = [
  {
    eventType: "Programming Contest",
    name: "RMSTU Intra University Programming Contest 2026",
    startsOn: "2026-12-12",
    startsAt: "10:00",
    problemNumber: 10,
    contestDuration: "5 Hours",
    details:
      "Teams of up to three students from every batch solve ten problems in ICPC style on the department's judge. Registration is free; the top three teams get prizes and a place in the university's ICPC selection camp.",
    venue: "CSE Lab 1 and Lab 2, Academic Building",
    // Few places, so the demo shows a waitlist.
    capacity: 2,
    teamSizeMin: 2,
    teamSizeMax: 3,
    // 23:59 on the demo club's clocks (Asia/Dhaka).
    registrationCloses: new Date("2026-12-10T23:59:00+06:00"),
  },
  {
    eventType: "Programming Contest",
    name: "Victory Day Programming Contest 2026",
    startsOn: "2026-12-16",
    startsAt: "14:00",
    problemNumber: 8,
    contestDuration: "3 Hours",
    details:
      "An individual online contest to celebrate Victory Day. Eight problems range from beginner to medium level, so first-year students are especially welcome to take part.",
  },
  {
    eventType: "Programming Contest",
    name: "International Mother Language Day Programming Contest 2027",
    startsOn: "2027-02-21",
    startsAt: "10:00",
    problemNumber: 12,
    contestDuration: "5 Hours",
    details:
      "Our yearly inter-university contest held in honour of the language martyrs. Teams from universities of the Chittagong division compete on twelve problems; lunch and certificates are provided for all participants.",
  },
  {
    eventType: "WorkShop",
    name: "Workshop on Git and GitHub for Beginners",
    startsOn: "2027-01-09",
    startsAt: "10:00",
    problemNumber: 0,
    contestDuration: "4 Hours",
    details:
      "A hands-on session on version control: commits, branches, pull requests and resolving merge conflicts. Bring a laptop with Git installed; the lab computers are available for those who need them.",
    venue: "CSE Lab 2, Academic Building",
    capacity: 40,
  },
  {
    eventType: "WorkShop",
    name: "Workshop on Python for Beginners",
    startsOn: "2026-10-10",
    startsAt: "10:00",
    problemNumber: 0,
    contestDuration: "4 Hours",
    details:
      "Variables, loops, functions and files in Python, with small exercises after each part. Everyone who attended got a certificate.",
    venue: "CSE Lab 2, Academic Building",
    capacity: 30,
  },
  {
    eventType: "WorkShop",
    name: "Competitive Programming with C++ STL",
    startsOn: "2027-01-23",
    startsAt: "09:30",
    problemNumber: 0,
    contestDuration: "6 Hours",
    details:
      "Learn vectors, sets, maps, priority queues and the standard algorithms that save time in contests. The workshop ends with a short practice contest on the topics covered.",
  },
  {
    eventType: "Webinars",
    name: "Webinar: Life as a Software Engineer in Bangladesh",
    startsOn: "2027-01-16",
    startsAt: "20:00",
    problemNumber: 0,
    contestDuration: "2 Hours",
    details:
      "Alumni working at software companies in Dhaka and abroad talk about interviews, first jobs and the skills that matter. The session ends with an open question and answer round.",
  },
  {
    eventType: "Webinars",
    name: "Webinar: Preparing for the ICPC Asia Dhaka Regional",
    startsOn: "2027-03-06",
    startsAt: "21:00",
    problemNumber: 0,
    contestDuration: "90 Minutes",
    details:
      "Former regional finalists share a practice plan, team strategy and the topics that appear most often. Useful for every team planning to take part in the next preliminary round.",
  },
  {
    eventType: "Seminar",
    name: "Seminar on Career Paths in Computer Science",
    startsOn: "2027-02-04",
    startsAt: "11:00",
    problemNumber: 0,
    contestDuration: "3 Hours",
    details:
      "Faculty members and invited guests introduce research, industry, higher studies and entrepreneurship as career paths. Held in the university auditorium and open to students of all departments.",
  },
  {
    eventType: "Seminar",
    name: "Seminar on Cyber Security Awareness",
    startsOn: "2027-03-18",
    startsAt: "11:00",
    problemNumber: 0,
    contestDuration: "2 Hours",
    details:
      "How to protect accounts, spot phishing and keep personal data safe online. The seminar includes live demonstrations of common attacks and how to defend against them.",
  },
  {
    eventType: "Boot Camp",
    name: "Web Development Boot Camp (MERN Stack)",
    startsOn: "2027-04-03",
    startsAt: "09:30",
    problemNumber: 0,
    contestDuration: "7 Days",
    details:
      "Seven intensive days building a complete web application with MongoDB, Express, React and Node.js. Participants work in small teams and present their projects on the last day.",
  },
  {
    eventType: "Boot Camp",
    name: "Data Science Boot Camp with Python",
    startsOn: "2027-05-08",
    startsAt: "09:30",
    problemNumber: 0,
    contestDuration: "5 Days",
    details:
      "From pandas and data cleaning to visualisation and a first machine learning model. Each day mixes short talks with guided exercises on real Bangladeshi open data sets.",
  },
];

export const demoNotices: DemoNotice[] = [
  {
    name: "Contest programming class routine, Spring 2026",
    publishingDate: "2026-01-05",
    description:
      "Contest programming classes for the 5th and 6th batches start on 11 January 2026. Classes take place every Sunday and Tuesday in Lab 2 of the CSE building.",
    pdfParagraphs: [
      "Beginner group (6th batch): Sunday, 2:30 PM - 4:30 PM, Lab 2.",
      "Intermediate group (5th batch): Tuesday, 2:30 PM - 4:30 PM, Lab 2.",
      "Attendance is recorded; members with 75% attendance receive a certificate at the end of the semester.",
    ],
  },
  {
    name: "Membership drive for session 2025-2026",
    publishingDate: "2026-03-10",
    description:
      "Students of the 2025-2026 session can now become members of the club. Fill in the form at the club desk in the CSE building by 31 March 2026.",
    pdfParagraphs: [
      "Membership is free for students of every department of the university.",
      "Members may join contest programming classes, development courses and the R&D wing.",
    ],
  },
  {
    name: "Annual general meeting 2026",
    publishingDate: "2026-05-28",
    description:
      "The annual general meeting of the club will be held on 4 June 2026 at 3:00 PM in the university auditorium. All members are requested to attend.",
    pdfParagraphs: [
      "Agenda: annual report of the General Secretary, financial report of the Finance Secretary, and the plan for the next year.",
      "Members who wish to propose an agenda item should email the club before 1 June 2026.",
    ],
  },
  {
    name: "Selection test for the ICPC Asia Dhaka Regional 2026 teams",
    publishingDate: "2026-08-15",
    description:
      "A selection contest to form the university's teams for the ICPC Asia Dhaka Regional will be held on 29 August 2026. Interested students must register individually.",
    pdfParagraphs: [
      "The contest runs for four hours on the department's online judge; individual ranks decide the team formation.",
      "The three best teams will receive coaching and registration support from the department.",
    ],
  },
  {
    name: "Registration open: Intra University Programming Contest 2026",
    publishingDate: "2026-11-20",
    description:
      "Registration for the Intra University Programming Contest 2026 is open until 5 December 2026. Teams of up to three members from the same university may register.",
    pdfParagraphs: [
      "Contest date: 12 December 2026, 10:00 AM, CSE Building, Labs 1-3.",
      "Registration is free. Each team needs a name, the members' names and their student ID numbers.",
    ],
  },
];

export const NEWEST_RESULT_NAME = "International Mother Language Day Programming Contest- 2021";

export const demoResults: DemoResult[] = [
  {
    name: NEWEST_RESULT_NAME,
    publishingDate: "2026-02-21",
    description: "Final standings of the inter-university contest held on International Mother Language Day.",
    pdfSheet: true,
    standings: [
      { team: "RMSTU_Byte_Busters", university: "RMSTU", solved: 9, penalty: 1043 },
      { team: "CUET_Recursive_Minds", university: "CUET", solved: 9, penalty: 1187 },
      { team: "CU_Null_Pointers", university: "University of Chittagong", solved: 8, penalty: 902 },
      { team: "RMSTU_Hill_Coders", university: "RMSTU", solved: 8, penalty: 1015 },
      { team: "NSTU_Segment_Tree", university: "NSTU", solved: 7, penalty: 788 },
      { team: "IIUC_Dynamic_Duo", university: "IIUC", solved: 7, penalty: 941 },
      { team: "RMSTU_Kaptai_Lake", university: "RMSTU", solved: 6, penalty: 655 },
      { team: "CU_Binary_Brains", university: "University of Chittagong", solved: 6, penalty: 802 },
      { team: "CUET_Off_By_One", university: "CUET", solved: 5, penalty: 590 },
      { team: "RMSTU_Sajek_Valley", university: "RMSTU", solved: 5, penalty: 711 },
      { team: "NSTU_Greedy_Goats", university: "NSTU", solved: 4, penalty: 433 },
      { team: "IIUC_Stack_Overflow", university: "IIUC", solved: 3, penalty: 298 },
    ],
  },
  {
    name: "Victory Day Programming Contest- 2020",
    publishingDate: "2025-12-17",
    description: "Standings of the individual online contest held on Victory Day.",
    pdfSheet: false,
    standings: [
      { team: "Aungching Marma", university: "RMSTU", solved: 7, penalty: 512 },
      { team: "Rakibul Islam", university: "RMSTU", solved: 7, penalty: 634 },
      { team: "Sumaiya Islam", university: "RMSTU", solved: 6, penalty: 470 },
      { team: "Nayeem Uddin", university: "RMSTU", solved: 6, penalty: 588 },
      { team: "Tasnim Rahman", university: "RMSTU", solved: 5, penalty: 401 },
      { team: "Sujan Tripura", university: "RMSTU", solved: 5, penalty: 466 },
      { team: "Mithila Barua", university: "RMSTU", solved: 4, penalty: 350 },
      { team: "Riyad Hasan", university: "RMSTU", solved: 3, penalty: 287 },
    ],
  },
  {
    name: "Intra RMSTU Programming Contest- 2020",
    publishingDate: "2025-03-26",
    description: "Standings of the intra university team contest.",
    pdfSheet: false,
    standings: [
      { team: "Team_Kaptai", university: "RMSTU", solved: 8, penalty: 702 },
      { team: "Team_Subalong", university: "RMSTU", solved: 7, penalty: 655 },
      { team: "Team_Furomon", university: "RMSTU", solved: 6, penalty: 540 },
      { team: "Team_Rajbari", university: "RMSTU", solved: 6, penalty: 613 },
      { team: "Team_Jhagra_Bil", university: "RMSTU", solved: 4, penalty: 390 },
      { team: "Team_Tabalchari", university: "RMSTU", solved: 3, penalty: 255 },
    ],
  },
];

export const demoRecentEvents: DemoRecentEvent[] = [
  {
    name: "International Mother Language Day Programming Contest 2021",
    details:
      "Forty-two teams from six universities met at RMSTU to honour the language martyrs with a five-hour contest. RMSTU_Byte_Busters won on penalty time after a close race with CUET.",
    details1:
      "The day began with a tribute at the university Shaheed Minar, followed by the opening ceremony in the CSE building. Twelve problems, set by alumni and faculty members, covered graphs, dynamic programming, number theory and geometry.",
    details2:
      "The prize-giving ceremony was chaired by the Head of the Department. Every participant received a certificate, and the top three teams received crests and prize money from the club.",
    motif: "trophy",
    captions: ["Contest day", "Teams at work in Lab 2", "Prize-giving ceremony"],
  },
  {
    name: "Web Design Workshop 2021",
    details:
      "A three-day workshop on HTML, CSS and responsive design for first and second year students. Every participant built and published a personal portfolio page.",
    details1:
      "The first day covered the structure of a web page and semantic HTML. On the second day participants styled their pages with CSS, flexbox and grid, and on the third day they made them work on phones.",
    details2:
      "Md. Saiful Islam, Lecturer of the department, led the sessions with help from club volunteers. The best three portfolios were featured on the club's notice board.",
    motif: "laptop",
    captions: ["Hands-on sessions", "Styling with CSS", "Portfolio showcase"],
  },
  {
    name: "Webinar on the Competitive Programming Roadmap",
    details:
      "An online session on how to start competitive programming and keep improving. More than three hundred students joined from universities across the country.",
    details1:
      "The speaker, an ICPC World Finalist, explained which topics to learn first, how to practise on online judges, and how to read editorials effectively.",
    details2:
      "The recording and the suggested problem list were shared with all club members after the webinar. A follow-up practice contest was held the next weekend.",
    motif: "network",
    captions: ["Live online", "Question and answer round", "Practice roadmap"],
  },
  {
    name: "Seminar on Higher Studies Abroad",
    details:
      "Alumni studying in Japan, Germany and Canada shared how they found supervisors and scholarships. The seminar hall was full, with many questions about IELTS and GRE preparation.",
    details1:
      "The speakers explained how to write a statement of purpose, contact professors and prepare a research profile as an undergraduate student.",
    details2:
      "Dr. Sharmin Sultana closed the seminar with advice on undergraduate research. The slides were shared on the club's page for those who could not attend.",
    motif: "microphone",
    captions: ["Guest speakers", "A full seminar hall", "Closing remarks"],
  },
  {
    name: "Intra RMSTU Programming Contest 2020",
    details:
      "Thirty teams from all batches took part in the club's annual intra-university contest. Team_Kaptai won by solving eight of the ten problems.",
    details1:
      "The contest ran on the department's own judge server set up by club volunteers. Problems ranged from simple simulations to shortest paths and segment trees.",
    details2:
      "Many first-year students took part in a contest for the first time. The top teams were selected for the ICPC preliminary round.",
    motif: "brackets",
    captions: ["Intra university contest", "Solving problems", "The winning teams"],
  },
  {
    name: "Python Boot Camp 2021",
    details:
      "Five days of Python from the basics to a small data analysis project. Participants finished the boot camp by presenting their projects to a panel of teachers.",
    details1:
      "The boot camp covered Python syntax, functions, files and the pandas and matplotlib libraries. Each day ended with exercises reviewed by club mentors.",
    details2:
      "Suchana Barua, Lecturer of the department, awarded certificates to every participant who completed the final project. A second round is planned for the next semester.",
    motif: "rocket",
    captions: ["Boot camp kickoff", "Coding together", "Project presentations"],
  },
];
