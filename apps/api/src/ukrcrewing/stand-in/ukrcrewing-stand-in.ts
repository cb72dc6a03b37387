import type { TExternalField } from "@crew/contracts";
import type { TSiteProfile } from "../../crew-sites/crew-site.js";
import {
  escapeHtml,
  startSiteStandIn,
  type TSiteStandIn,
  type TSiteStandInOptions,
} from "../../crew-sites/stand-in-server.js";

/**
 * A local stand-in for UkrCrewing (docs/outside-channels.md): CV pages at `/cv/{id}` shaped like
 * the site's (a labelled table of the CV's fields, a sea-service table), the API key checked in
 * X-Api-Key. The product's real client (../ukrcrewing-client.ts) is what tests exercise.
 */
export const UKRCREWING_STAND_IN_KEY = "ukrcrewing-stand-in-key";

const LABELS: readonly [TExternalField, string][] = [
  ["surname", "Surname"],
  ["name", "First name"],
  ["middle", "Patronymic"],
  ["birthday", "Date of birth"],
  ["email", "E-mail"],
  ["mobile_phone", "Mobile phone"],
  ["mobile_phone_alternative", "Additional phone"],
  ["address", "Address"],
  ["readiness_date", "Ready from"],
  ["wage", "Desired salary, USD"],
  ["height", "Height, cm"],
  ["weight", "Weight, kg"],
  ["shoe_size", "Shoe size"],
  ["coverall_size", "Overall size"],
];

/** The site writes days as dd.mm.yyyy. */
const dotted = (day: string | null): string => {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return m ? `${m[3]}.${m[2]}.${m[1]}` : "";
};

const cvPage = (profile: TSiteProfile, id: string, redesigned: boolean): string => {
  const f = profile.fields;
  const value = (field: TExternalField): string => {
    const v = f[field];
    if (v === null || v === undefined) return "-";
    return field === "birthday" || field === "readiness_date" ? dotted(String(v)) : String(v);
  };
  if (redesigned)
    return `<!doctype html><html><body><main class="profile-v2" data-id="${escapeHtml(id)}">
<section>${LABELS.map(([k, l]) => `<div class="row"><span>${l}</span><b>${escapeHtml(value(k))}</b></div>`).join("")}</section>
</main></body></html>`;
  const rows = LABELS.map(([k, l]) => `<tr><th>${l}:</th><td>${escapeHtml(value(k))}</td></tr>`).join("\n");
  const sea = profile.seaService
    .map(
      (s) =>
        `<tr><td>${escapeHtml(s.vessel)}</td><td>${escapeHtml(s.rank ?? "")}</td><td>${escapeHtml(s.company ?? "")}</td><td>${dotted(s.date_on)}</td><td>${dotted(s.date_off)}</td></tr>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>CV ${escapeHtml(id)} | UkrCrewing</title></head>
<body><div class="cv" data-cv-id="${escapeHtml(id)}">
<h1 class="cv-name">${escapeHtml([f.surname, f.name].filter(Boolean).join(" "))}</h1>
<table class="cv-fields">
${rows}
</table>
<h2>Sea service</h2>
<table class="cv-sea-service"><thead><tr><th>Vessel</th><th>Rank</th><th>Company</th><th>From</th><th>To</th></tr></thead>
<tbody>
${sea}
</tbody></table>
</div></body></html>`;
};

export const startUkrCrewingStandIn = (
  options: TSiteStandInOptions & { apiKey?: string } = {},
): Promise<TSiteStandIn> =>
  startSiteStandIn(
    {
      idOf: (path) => /^\/cv\/(\d{1,20})$/.exec(path)?.[1] ?? null,
      authorised: (req) => req.headers["x-api-key"] === (options.apiKey ?? UKRCREWING_STAND_IN_KEY),
      render: (profile, id, redesigned) => ({
        contentType: "text/html",
        body: cvPage(profile, id, redesigned),
      }),
      notFound: () => ({
        contentType: "text/html",
        body: "<!doctype html><html><body><h1>CV not found</h1></body></html>",
      }),
    },
    options,
  );
