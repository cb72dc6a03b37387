import { utcToday } from "@crew/contracts";
import { Router, type Request, type Response } from "express";
import type { TConfig } from "../../config.js";
import type { TDb } from "../../db/client.js";
import {
  applySource,
  gonePage,
  isOpen,
  jsonFeed,
  listPage,
  rssFeed,
  sitemap,
  vacancyPage,
} from "./public-jobs.js";
import { vacanciesRepository } from "./vacancies-repository.js";

/** Most vacancies a list, feed or sitemap names. */
const MAX_OPEN = 500;

/**
 * The public vacancies service: open vacancies only (published to the site, not past their last
 * day); an unpublished or expired vacancy is 410 Gone, one never made is 404. No account, no
 * write, no cookie read: nothing here can change data.
 */
const publicJobsService = (db: TDb) => {
  const repo = vacanciesRepository(db);
  return {
    open: () => repo.openVacancies(utcToday(), MAX_OPEN),
    async one(id: number) {
      const v = await repo.publicVacancy(id);
      if (!v) return { status: 404 as const };
      return isOpen(v, utcToday()) ? { status: 200 as const, vacancy: v } : { status: 410 as const };
    },
  };
};

/** GET /jobs, /jobs/{id}, /jobs/feed.json, /jobs/feed.xml, /jobs/sitemap.xml (issue 18 §1; docs/vacancies.md). */
export const publicJobsRouter = (db: TDb, config: TConfig): Router => {
  const service = publicJobsService(db);
  const router = Router();
  const base = (req: Request) =>
    (config.PUBLIC_URL ?? `${req.protocol}://${req.get("host") ?? "localhost"}`).replace(/\/$/, "");
  const send = (res: Response, status: number, type: string, body: string) => {
    res
      .status(status)
      .type(type)
      .setHeader("Cache-Control", status === 200 ? "public, max-age=300" : "no-cache");
    res.send(body);
  };

  router.get("/jobs", async (_req, res) => send(res, 200, "html", listPage(await service.open(), config)));
  router.get("/jobs/feed.json", async (req, res) =>
    send(
      res,
      200,
      "application/feed+json",
      JSON.stringify(jsonFeed(await service.open(), config, base(req))),
    ),
  );
  router.get("/jobs/feed.xml", async (req, res) =>
    send(res, 200, "application/rss+xml", rssFeed(await service.open(), config, base(req))),
  );
  router.get("/jobs/sitemap.xml", async (req, res) =>
    send(res, 200, "application/xml", sitemap(await service.open(), base(req))),
  );
  router.get("/jobs/:id", async (req, res) => {
    const id = /^\d{1,9}$/.test(req.params.id) ? Number(req.params.id) : 0;
    const found = id ? await service.one(id) : { status: 404 as const };
    if (found.status === 404)
      return send(res, 404, "html", gonePage(config).replace("is closed", "does not exist"));
    if (found.status === 410) return send(res, 410, "html", gonePage(config));
    const url = `${base(req)}/jobs/${id}`;
    send(res, 200, "html", vacancyPage(found.vacancy, config, url, applySource(req.query.source)));
  });
  return router;
};
