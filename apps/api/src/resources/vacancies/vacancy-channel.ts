import { GrammyError } from "grammy";
import type { TConfig } from "../../config.js";
import { failureText, paced, sendText, type TBotApi } from "../../telegram/bot-client.js";
import type { TVacancyPost } from "./vacancy-channel-repository.js";

/** Telegram's limit for one message's text. */
const TEXT_MAX = 4096;

const day = (d: Date): string => d.toISOString().slice(0, 10);

/**
 * The channel post of a vacancy, plain text (no parse mode, so nothing staff typed is read as
 * markup): title, joining date, contract, wage, description, requirements, and how to apply
 * (the public page tagged `source=telegram` when the server has a public address and the
 * vacancy is on the site, else the reference to quote by mail).
 */
export const postText = (
  v: TVacancyPost,
  config: Pick<TConfig, "PUBLIC_URL" | "COMPANY_NAME" | "COMPANY_EMAIL">,
): string => {
  const title = [v.rank.title, v.vessel.name].filter(Boolean).join(" · ");
  const facts = [
    `Joining ${day(v.start)}`,
    v.contractDuration ? `${v.contractDuration} months` : null,
    v.wage ? `USD ${v.wage.toLocaleString("en-US")} a month` : null,
    v.vessel.vesselType?.title ?? null,
  ].filter(Boolean);
  const apply =
    config.PUBLIC_URL && v.sources.includes("site")
      ? `Apply: ${config.PUBLIC_URL.replace(/\/$/, "")}/jobs/${v.id}?source=telegram`
      : config.COMPANY_EMAIL
        ? `Apply: ${config.COMPANY_EMAIL}, quoting V-${v.id}`
        : `Reference V-${v.id}`;
  const head = `${title}\n${facts.join(" · ")}`;
  const tail = `${v.requirements ? `\n\nRequirements: ${v.requirements}` : ""}\n\n${apply}\n${config.COMPANY_NAME}`;
  const room = TEXT_MAX - head.length - tail.length - 4;
  const description = (v.description ?? "").trim();
  const body = description.length > room ? `${description.slice(0, Math.max(0, room - 1))}…` : description;
  return `${head}${body ? `\n\n${body}` : ""}${tail}`;
};

export type TPostResult = { ok: true; chatId: string; messageId: number } | { ok: false; error: string };

/** Posts the vacancy to the configured channel at the bot's pace (429s retried after retry_after). */
export const postToChannel = async (api: TBotApi, config: TConfig, v: TVacancyPost): Promise<TPostResult> => {
  const chatId = config.TELEGRAM_CHANNEL_ID;
  if (!chatId) return { ok: false, error: "No Telegram channel is configured (TELEGRAM_CHANNEL_ID)" };
  const sent = await sendText(api, chatId, postText(v, config));
  return sent.ok ? { ok: true, chatId, messageId: sent.messageId } : { ok: false, error: sent.error };
};

/** Telegram no longer has the message (deleted by hand in the channel): nothing left to take off. */
const isGone = (error: unknown): boolean =>
  error instanceof GrammyError &&
  error.error_code === 400 &&
  /message to (delete|edit) not found|message_id_invalid/i.test(error.description);

export type TTakeOffResult = "deleted" | "edited" | "gone" | { error: string; final: boolean };

/**
 * Takes a post off the channel: deleted; where Telegram refuses the delete (a bot without the
 * delete right, an old message), its text becomes "Closed: <title>…" so no one applies to it.
 */
export const takeOffChannel = async (
  api: TBotApi,
  chatId: string,
  messageId: number,
  title: string,
): Promise<TTakeOffResult> => {
  await paced(chatId);
  try {
    await api.deleteMessage(chatId, messageId);
    return "deleted";
  } catch (error) {
    if (isGone(error)) return "gone";
    if (!(error instanceof GrammyError) || error.error_code !== 400) return failureText(error);
  }
  await paced(chatId);
  try {
    await api.editMessageText(chatId, messageId, `Closed: ${title}. This vacancy is no longer open.`);
    return "edited";
  } catch (error) {
    return isGone(error) ? "gone" : failureText(error);
  }
};
