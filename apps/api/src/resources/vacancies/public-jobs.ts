import { APPLY_SOURCES, formatDay, isoDay } from "@crew/contracts";
import type { TConfig } from "../../config.js";
import type { TPublicVacancy } from "./vacancies-repository.js";

/**
 * The company's public vacancies (issue 18 §1; docs/vacancies.md "Public page"): plain HTML with
 * no script, schema.org JobPosting data for search engines, a JSON Feed, an RSS feed and a
 * sitemap for job boards. Everything here is rendered from a vacancy published to the site;
 * every text is escaped.
 */

type TCompany = Pick<TConfig, "COMPANY_NAME" | "COMPANY_EMAIL" | "COMPANY_CITY" | "COMPANY_COUNTRY">;

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
export const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

export const jobTitle = (v: TPublicVacancy): string => `${v.rank.title} · ${v.vessel.name}`;

/** The last day the posting stands: its own date, else the day before joining. */
export const validThrough = (v: TPublicVacancy): Date =>
  v.validThrough ?? new Date(v.start.getTime() - 86_400_000);

/** Open: published to the site and not past its last day. */
export const isOpen = (v: TPublicVacancy, today: Date): boolean =>
  v.published && v.sources.includes("site") && validThrough(v) >= today;

/** The apply link's source: one of APPLY_SOURCES, else the site itself. */
export const applySource = (value: unknown): string =>
  typeof value === "string" && (APPLY_SOURCES as readonly string[]).includes(value) ? value : "site";

const summary = (v: TPublicVacancy): string =>
  [
    `Joining ${formatDay(v.start)}`,
    v.contractDuration ? `${v.contractDuration} months` : null,
    v.wage ? `USD ${v.wage.toLocaleString("en-US")}/month` : null,
    v.vessel.vesselType?.title ?? null,
  ]
    .filter(Boolean)
    .join(" · ");

const description = (v: TPublicVacancy): string =>
  [v.description, v.requirements ? `Requirements: ${v.requirements}` : null, summary(v)]
    .filter(Boolean)
    .join("\n\n");

/** schema.org JobPosting (Google's required and recommended properties). */
export const jobPosting = (v: TPublicVacancy, company: TCompany, url: string): Record<string, unknown> => ({
  "@context": "https://schema.org/",
  "@type": "JobPosting",
  title: `${v.rank.title} (${v.vessel.vesselType?.title ?? "vessel"})`,
  description: description(v),
  identifier: { "@type": "PropertyValue", name: company.COMPANY_NAME, value: `V-${v.id}` },
  datePosted: isoDay(v.publishedAt ?? v.updatedAt),
  validThrough: isoDay(validThrough(v)),
  employmentType: "CONTRACTOR",
  hiringOrganization: { "@type": "Organization", name: company.COMPANY_NAME },
  jobLocation: {
    "@type": "Place",
    address: {
      "@type": "PostalAddress",
      ...(company.COMPANY_CITY ? { addressLocality: company.COMPANY_CITY } : {}),
      ...(company.COMPANY_COUNTRY ? { addressCountry: company.COMPANY_COUNTRY } : {}),
    },
  },
  ...(v.wage
    ? {
        baseSalary: {
          "@type": "MonetaryAmount",
          currency: "USD",
          value: { "@type": "QuantitativeValue", value: v.wage, unitText: "MONTH" },
        },
      }
    : {}),
  ...(v.contractDuration ? { jobStartDate: isoDay(v.start) } : {}),
  url,
});

const page = (title: string, body: string, head = ""): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<link rel="alternate" type="application/feed+json" title="Vacancies" href="/jobs/feed.json">
<link rel="alternate" type="application/rss+xml" title="Vacancies" href="/jobs/feed.xml">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:0 auto;padding:1rem;color:#1a1b1e}
a{color:#1c7ed6}h1{font-size:1.6rem;margin:.5rem 0}.muted{color:#5c5f66}li{margin:.5rem 0}
.apply{display:inline-block;background:#1c7ed6;color:#fff;padding:.6rem 1.2rem;border-radius:6px;text-decoration:none}
pre{white-space:pre-wrap;font:inherit}</style>${head}</head>
<body>${body}</body></html>`;

export const listPage = (rows: readonly TPublicVacancy[], company: TCompany): string =>
  page(
    `Vacancies · ${company.COMPANY_NAME}`,
    `<h1>Vacancies at ${esc(company.COMPANY_NAME)}</h1>
<p class="muted"><a href="/jobs/feed.json">JSON feed</a> · <a href="/jobs/feed.xml">RSS</a></p>
${
  rows.length
    ? `<ul>${rows
        .map(
          (v) =>
            `<li><a href="/jobs/${v.id}">${esc(jobTitle(v))}</a><br><span class="muted">${esc(summary(v))}</span></li>`,
        )
        .join("")}</ul>`
    : "<p>No open vacancies at the moment.</p>"
}`,
  );

/** A vacancy's page: its JobPosting data, the text, and how to apply (tagged by the source it was reached from). */
export const vacancyPage = (v: TPublicVacancy, company: TCompany, url: string, source: string): string => {
  // JSON inside <script>: '<' escaped so no text can close the element.
  const data = JSON.stringify(jobPosting(v, company, url)).replace(/</g, "\\u003c");
  const subject = `Application: ${jobTitle(v)} (V-${v.id}, ${source})`;
  const apply = company.COMPANY_EMAIL
    ? `<a class="apply" href="mailto:${esc(company.COMPANY_EMAIL)}?subject=${esc(encodeURIComponent(subject))}">Apply</a>
<p class="muted">Send your CV and documents; quote V-${v.id}.</p>`
    : `<p>To apply, contact ${esc(company.COMPANY_NAME)} and quote <b>V-${v.id}</b> (${esc(source)}).</p>`;
  return page(
    `${jobTitle(v)} · ${company.COMPANY_NAME}`,
    `<p><a href="/jobs">All vacancies</a></p>
<h1>${esc(v.rank.title)}</h1>
<p><b>${esc(v.vessel.name)}</b>${v.vessel.vesselType ? ` · ${esc(v.vessel.vesselType.title)}` : ""}${
      v.vessel.flag ? ` · flag ${esc(v.vessel.flag.name)}` : ""
    }</p>
<p>${esc(summary(v))}</p>
${v.description ? `<h2>About</h2><pre>${esc(v.description)}</pre>` : ""}
${v.requirements ? `<h2>Requirements</h2><pre>${esc(v.requirements)}</pre>` : ""}
<h2 id="apply">Apply</h2>
${apply}
<p class="muted">Posted ${esc(formatDay(v.publishedAt ?? v.updatedAt))} · open until ${esc(formatDay(validThrough(v)))}</p>`,
    `<link rel="canonical" href="${esc(url)}"><script type="application/ld+json">${data}</script>`,
  );
};

export const gonePage = (company: TCompany): string =>
  page(
    `Vacancy closed · ${company.COMPANY_NAME}`,
    `<h1>This vacancy is closed</h1><p><a href="/jobs">See the open vacancies</a></p>`,
  );

/** JSON Feed 1.1 (jsonfeed.org): each item links its page with the feed as the source. */
export const jsonFeed = (rows: readonly TPublicVacancy[], company: TCompany, base: string): unknown => ({
  version: "https://jsonfeed.org/version/1.1",
  title: `Vacancies · ${company.COMPANY_NAME}`,
  home_page_url: `${base}/jobs`,
  feed_url: `${base}/jobs/feed.json`,
  items: rows.map((v) => ({
    id: `${base}/jobs/${v.id}`,
    url: `${base}/jobs/${v.id}?source=feed`,
    title: jobTitle(v),
    content_text: description(v),
    date_published: (v.publishedAt ?? v.updatedAt).toISOString(),
    date_modified: v.updatedAt.toISOString(),
  })),
});

const xml = (text: string): string => esc(text);

export const rssFeed = (rows: readonly TPublicVacancy[], company: TCompany, base: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel>
<title>${xml(`Vacancies · ${company.COMPANY_NAME}`)}</title>
<link>${xml(`${base}/jobs`)}</link>
<description>${xml(`Open vacancies at ${company.COMPANY_NAME}`)}</description>
${rows
  .map(
    (v) => `<item><title>${xml(jobTitle(v))}</title><link>${xml(`${base}/jobs/${v.id}?source=feed`)}</link>
<guid isPermaLink="false">V-${v.id}</guid><pubDate>${(v.publishedAt ?? v.updatedAt).toUTCString()}</pubDate>
<description>${xml(description(v))}</description></item>`,
  )
  .join("\n")}
</channel></rss>`;

export const sitemap = (rows: readonly TPublicVacancy[], base: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>${xml(`${base}/jobs`)}</loc></url>
${rows.map((v) => `<url><loc>${xml(`${base}/jobs/${v.id}`)}</loc><lastmod>${isoDay(v.updatedAt)}</lastmod></url>`).join("\n")}
</urlset>`;
