import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A 1×1 JPEG: what the stand-in serves for a seafarer's photo. */
const STAND_IN_JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  "base64",
);
/** A one-page PDF: what the stand-in serves for a seafarer's document. */
const STAND_IN_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
/**
 * A local stand-in for the Telegram Bot API (docs/outside-channels.md "Stand-ins"): the same
 * addresses (`/bot<token>/<method>`, `/file/bot<token>/<path>`), answers and errors as
 * api.telegram.org for the methods the product uses, and a few levers for tests: a seafarer
 * writing to the bot, a seafarer who blocked it, a burst of 429s. grammY is pointed at it
 * with `client.apiRoot`; the product's own code is what tests exercise.
 */
export interface TStandInUser {
  id: number;
  first_name: string;
  username?: string;
}

export interface TStandInSent {
  method: string;
  chat_id: number;
  message_id: number;
  text: string;
  at: number;
}

export interface TTelegramStandInOptions {
  token: string;
  botUsername?: string;
  /** A seafarer the bot writes to answers a moment later (the demo, the browser tests). */
  autoReply?: boolean;
  autoReplyDelayMs?: number;
  host?: string;
  port?: number;
  /**
   * The first update id. Default: a random one, as each real bot has its own: a restarted demo
   * stand-in or a second test suite on the same database must not reuse ids the server already
   * marked handled (telegram_updates).
   */
  firstUpdateId?: number;
}

export interface TTelegramStandIn {
  /** The Bot API root to configure as TELEGRAM_API_ROOT. */
  url: string;
  token: string;
  botUsername: string;
  /** What the bot sent, in order. */
  sent: TStandInSent[];
  /** Every method called, in order (tests check the pace and the retries). */
  calls: { method: string; at: number; status: number }[];
  /** A seafarer writes text (or a photo with a caption) to the bot; answers the update id. */
  seafarerWrites(from: TStandInUser, text: string): number;
  seafarerSendsPhoto(from: TStandInUser, caption: string): number;
  seafarerSendsDocument(from: TStandInUser, fileName: string): number;
  /** The seafarer blocks the bot: sends to them answer 403. */
  block(userId: number): void;
  /** The seafarer (or the channel) takes the bot back. */
  unblock(userId: number): void;
  /** The next `count` sends answer 429 with retry_after `seconds`. */
  throttleNext(count: number, seconds: number): void;
  /** The bot's messages still in their chat (deleteMessage takes them out), keyed `<chat_id>:<message_id>`, with their text now. */
  live: Map<string, string>;
  /** What deleteMessage and editMessageText did, in order. */
  deleted: { chat_id: number; message_id: number }[];
  edited: { chat_id: number; message_id: number; text: string }[];
  /** deleteMessage answers 400 "message can't be deleted" (a bot without the delete right). */
  refuseDeletes(refuse: boolean): void;
  /** The webhook the bot set (null: long polling). */
  webhook(): { url: string; secret: string | null } | null;
  close(): Promise<void>;
}

type TUpdate = { update_id: number; message: Record<string, unknown> };

const MAX_BODY = 1024 * 1024;

const readBody = (req: IncomingMessage): Promise<Record<string, unknown>> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) req.destroy(new Error("body too large"));
      else chunks.push(chunk);
    });
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const type = req.headers["content-type"] ?? "";
      try {
        if (type.includes("application/json"))
          resolve(raw.length ? (JSON.parse(raw.toString("utf8")) as Record<string, unknown>) : {});
        else if (type.includes("multipart/form-data")) {
          // grammY sends files as multipart: the text fields are all the stand-in needs.
          const fields: Record<string, unknown> = {};
          const text = raw.toString("latin1");
          for (const m of text.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g)) if (m[1]) fields[m[1]] = m[2];
          resolve(fields);
        } else resolve(Object.fromEntries(new URLSearchParams(raw.toString("utf8"))));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    req.on("error", reject);
  });

/** A form or JSON value as text (numbers too); anything else is no value. */
const str = (v: unknown): string => (typeof v === "string" || typeof v === "number" ? String(v) : "");

const json = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};

export const startTelegramStandIn = async (options: TTelegramStandInOptions): Promise<TTelegramStandIn> => {
  const botId = Number(options.token.split(":")[0]);
  const botUsername = options.botUsername ?? "crew_demo_bot";
  const queue: TUpdate[] = [];
  const waiting = new Set<() => void>();
  const sent: TStandInSent[] = [];
  const calls: TTelegramStandIn["calls"] = [];
  const blocked = new Set<number>();
  const known = new Map<number, TStandInUser>();
  let throttle = { count: 0, seconds: 0 };
  const live = new Map<string, string>();
  const deleted: TTelegramStandIn["deleted"] = [];
  const edited: TTelegramStandIn["edited"] = [];
  let refusingDeletes = false;
  let nextUpdate = options.firstUpdateId ?? 100_000 + Math.floor(Math.random() * 1_000_000_000);
  let nextMessage = 1;
  let webhook: { url: string; secret: string | null } | null = null;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  const deliver = (update: TUpdate) => {
    if (webhook) {
      const hook = webhook;
      const post = (attempt: number) => {
        fetch(hook.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(hook.secret ? { "x-telegram-bot-api-secret-token": hook.secret } : {}),
          },
          body: JSON.stringify(update),
        })
          .then((r) => {
            if (!r.ok && attempt < 3) later(500, () => post(attempt + 1));
          })
          .catch(() => {
            if (attempt < 3) later(500, () => post(attempt + 1));
          });
      };
      post(1);
      return;
    }
    queue.push(update);
    for (const wake of waiting) wake();
  };

  const incoming = (from: TStandInUser, extra: Record<string, unknown>): number => {
    known.set(from.id, from);
    const update_id = nextUpdate++;
    deliver({
      update_id,
      message: {
        message_id: nextMessage++,
        from: { ...from, is_bot: false },
        chat: { id: from.id, type: "private", first_name: from.first_name, username: from.username },
        date: Math.floor(Date.now() / 1000),
        ...extra,
      },
    });
    return update_id;
  };

  const sendLike = (
    method: string,
    body: Record<string, unknown>,
    res: ServerResponse,
    status: (s: number) => void,
  ) => {
    const chatId = Number(body.chat_id);
    if (!Number.isSafeInteger(chatId)) {
      status(400);
      return json(res, 400, { ok: false, error_code: 400, description: "Bad Request: chat not found" });
    }
    if (throttle.count > 0) {
      throttle.count -= 1;
      status(429);
      return json(res, 429, {
        ok: false,
        error_code: 429,
        description: `Too Many Requests: retry after ${throttle.seconds}`,
        parameters: { retry_after: throttle.seconds },
      });
    }
    if (blocked.has(chatId)) {
      status(403);
      return json(res, 403, {
        ok: false,
        error_code: 403,
        description: "Forbidden: bot was blocked by the user",
      });
    }
    const text = str(body.text) || str(body.caption);
    if (method === "sendMessage" && !text.trim()) {
      status(400);
      return json(res, 400, {
        ok: false,
        error_code: 400,
        description: "Bad Request: message text is empty",
      });
    }
    const messageId = nextMessage++;
    sent.push({ method, chat_id: chatId, message_id: messageId, text, at: Date.now() });
    live.set(`${chatId}:${messageId}`, text);
    const message = {
      message_id: messageId,
      from: { id: botId, is_bot: true, first_name: "Crew bot", username: botUsername },
      chat: { id: chatId, type: "private" },
      date: Math.floor(Date.now() / 1000),
      text,
    };
    status(200);
    json(res, 200, { ok: true, result: message });
    const seafarer = known.get(chatId) ?? { id: chatId, first_name: "Seafarer" };
    // The demo seafarer answers what staff write (not the bot's own greetings and notices).
    // Channels (negative ids) have no seafarer to answer.
    if (options.autoReply && method === "sendMessage" && chatId > 0 && !text.startsWith("🤖"))
      later(options.autoReplyDelayMs ?? 800, () =>
        incoming(seafarer, { text: `Thank you, received: "${text.slice(0, 60)}". I will answer soon.` }),
      );
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    if (file) {
      if (file[1] !== options.token)
        return json(res, 404, { ok: false, error_code: 404, description: "Not Found" });
      // A photo is a real (1×1) JPEG and a document a real PDF, so the product's content check
      // and its attachments treat them as they would Telegram's.
      const name = file[2] ?? "";
      res.writeHead(200, { "content-type": "application/octet-stream" });
      return void res.end(
        name.startsWith("files/photo-")
          ? STAND_IN_JPEG
          : name.startsWith("files/doc-")
            ? STAND_IN_PDF
            : Buffer.from(`stand-in file ${name}`),
      );
    }
    const m = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    if (!m) return json(res, 404, { ok: false, error_code: 404, description: "Not Found" });
    const method = m[2] ?? "";
    const at = Date.now();
    const status = (s: number) => calls.push({ method, at, status: s });
    if (m[1] !== options.token) {
      status(401);
      return json(res, 401, { ok: false, error_code: 401, description: "Unauthorized" });
    }
    readBody(req)
      .then((body) => {
        switch (method) {
          case "getMe":
            status(200);
            return json(res, 200, {
              ok: true,
              result: { id: botId, is_bot: true, first_name: "Crew bot", username: botUsername },
            });
          case "setWebhook":
            webhook = body.url
              ? { url: str(body.url), secret: body.secret_token ? str(body.secret_token) : null }
              : null;
            status(200);
            return json(res, 200, { ok: true, result: true, description: "Webhook was set" });
          case "deleteWebhook":
            webhook = null;
            status(200);
            return json(res, 200, { ok: true, result: true });
          case "getUpdates": {
            if (webhook) {
              status(409);
              return json(res, 409, {
                ok: false,
                error_code: 409,
                description: "Conflict: can't use getUpdates method while webhook is active",
              });
            }
            const offset = Number(body.offset ?? 0);
            while (queue.length && (queue[0]?.update_id ?? 0) < offset) queue.shift();
            const answer = () => {
              status(200);
              json(res, 200, { ok: true, result: queue.slice(0, Number(body.limit ?? 100)) });
            };
            if (queue.length) return answer();
            const timeout = Math.min(Number(body.timeout ?? 0), 50) * 1000;
            if (!timeout) return answer();
            let done = false;
            const finish = () => {
              if (done) return;
              done = true;
              waiting.delete(finish);
              clearTimeout(timer);
              if (!res.writableEnded) answer();
            };
            const timer = setTimeout(finish, timeout);
            waiting.add(finish);
            req.on("close", finish);
            return;
          }
          case "sendMessage":
          case "sendPhoto":
          case "sendDocument":
            return sendLike(method, body, res, status);
          case "deleteMessage":
          case "editMessageText": {
            const chat = Number(body.chat_id);
            const messageId = Number(body.message_id);
            const key = `${chat}:${messageId}`;
            const bad = (description: string) => {
              status(400);
              json(res, 400, { ok: false, error_code: 400, description: `Bad Request: ${description}` });
            };
            if (!live.has(key))
              return bad(
                method === "deleteMessage" ? "message to delete not found" : "message to edit not found",
              );
            if (method === "deleteMessage") {
              if (refusingDeletes) return bad("message can't be deleted");
              live.delete(key);
              deleted.push({ chat_id: chat, message_id: messageId });
              status(200);
              return json(res, 200, { ok: true, result: true });
            }
            const text = str(body.text);
            if (!text.trim()) return bad("message text is empty");
            live.set(key, text);
            edited.push({ chat_id: chat, message_id: messageId, text });
            status(200);
            return json(res, 200, {
              ok: true,
              result: { message_id: messageId, chat: { id: chat, type: "channel" }, date: 0, text },
            });
          }
          case "getFile":
            status(200);
            return json(res, 200, {
              ok: true,
              result: {
                file_id: str(body.file_id),
                file_unique_id: str(body.file_id),
                file_path: `files/${str(body.file_id)}`,
              },
            });
          default:
            status(404);
            return json(res, 404, { ok: false, error_code: 404, description: "Not Found: method not found" });
        }
      })
      .catch(() => json(res, 400, { ok: false, error_code: 400, description: "Bad Request" }));
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve),
  );
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token: options.token,
    botUsername,
    sent,
    calls,
    seafarerWrites: (from, text) => incoming(from, { text }),
    seafarerSendsPhoto: (from, caption) =>
      incoming(from, {
        caption,
        photo: [
          {
            file_id: `photo-${nextMessage}`,
            file_unique_id: `p${nextMessage}`,
            width: 800,
            height: 600,
            file_size: 1000,
          },
        ],
      }),
    seafarerSendsDocument: (from, fileName) =>
      incoming(from, {
        document: {
          file_id: `doc-${nextMessage}`,
          file_unique_id: `d${nextMessage}`,
          file_name: fileName,
          mime_type: "application/pdf",
        },
      }),
    block: (userId) => void blocked.add(userId),
    unblock: (userId) => void blocked.delete(userId),
    throttleNext: (count, seconds) => {
      throttle = { count, seconds };
    },
    live,
    deleted,
    edited,
    refuseDeletes: (refuse) => {
      refusingDeletes = refuse;
    },
    webhook: () => webhook,
    async close() {
      for (const t of timers) clearTimeout(t);
      for (const wake of [...waiting]) wake();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
