import { brotliCompress, constants, deflate, gzip } from "node:zlib";
import express, { type Express, type Response } from "express";

/**
 * Answers from this size up are compressed; smaller ones go out as they are. A list page of
 * 25 applicants or 15 ranks is a few kilobytes: compressing it costs CPU on every request for
 * no time a user would notice. A vessels page with 10,000 manning-scale rows is 3-4 MB: over a
 * 100 Mbit office link that is ~300 ms on the wire, compressed about 170 KB (docs/performance.md).
 */
export const COMPRESS_FROM_BYTES = 32 * 1024;

// JSON answers only: the live stream (text/event-stream) must not be buffered by a compressor,
// and exports (xlsx, docx, pdf, pictures) are compressed already.
const COMPRESSIBLE = /^application\/(?:vnd\.api\+)?json(?:;|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

type TBody = string | Buffer;
type TCompress = (buf: Buffer, done: (error: Error | null, out: Buffer) => void) => void;

/**
 * The fastest levels: on a LAN the time to compress is what the user waits for, and gzip level 1
 * already shrinks repetitive JSON about 18-20 times in about the time JSON.stringify of the same
 * answer takes (brotli quality 1 about twice that, its default quality 4 more still). So gzip
 * first when a client takes both (browsers do); brotli and deflate for clients that take only those.
 */
const COMPRESSORS: Record<"gzip" | "br" | "deflate", TCompress> = {
  gzip: (buf, done) => gzip(buf, { level: 1 }, done),
  br: (buf, done) => brotliCompress(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }, done),
  deflate: (buf, done) => deflate(buf, { level: 1 }, done),
};
const ENCODINGS = Object.keys(COMPRESSORS);

const plainSend = express.response.send;

/** Express's own send adds the charset to a string's JSON type; the compressed bytes keep it. */
const withCharset = (res: Response, body: TBody) => {
  const type = res.getHeader("Content-Type");
  if (typeof body === "string" && typeof type === "string" && !/;\s*charset=/i.test(type))
    res.setHeader("Content-Type", `${type}; charset=utf-8`);
};

const sizeOf = (body: TBody): number => (typeof body === "string" ? Buffer.byteLength(body) : body.length);

/**
 * `res.send` for the app's responses: a JSON body of COMPRESS_FROM_BYTES or more
 * goes out compressed (zlib on libuv's threads, the event loop free meanwhile) to a client that
 * names an encoding we make; anything else is Express's send untouched. Every JSON answer is
 * one `send` of the whole document (res.json, the kernel's respond), so the size is known before
 * the first byte: nothing is wrapped or buffered per request, unlike the `compression` package,
 * whose hooks on write, end, on and writeHead cost ~140 µs on every small answer
 * (docs/performance.md "The stack's floor").
 */
function sendCompressingLarge(this: Response, body?: unknown): Response {
  if (typeof body !== "string" && !Buffer.isBuffer(body)) return plainSend.call(this, body);
  // A string's byte length is at least its length and at most three times it.
  if (typeof body === "string" && body.length * 3 < COMPRESS_FROM_BYTES) return plainSend.call(this, body);
  const req = this.req;
  const status = this.statusCode;
  if (
    sizeOf(body) < COMPRESS_FROM_BYTES ||
    req.method === "HEAD" ||
    status === 204 ||
    status === 304 ||
    !COMPRESSIBLE.test(String(this.getHeader("Content-Type") ?? "")) ||
    this.getHeader("Content-Encoding") !== undefined ||
    NO_TRANSFORM.test(String(this.getHeader("Cache-Control") ?? ""))
  )
    return plainSend.call(this, body);
  this.vary("Accept-Encoding");
  // No Accept-Encoding: the body as it is (RFC 9110 would allow any coding; curl and scripts expect none).
  const accepted = req.headers["accept-encoding"] ? req.acceptsEncodings(ENCODINGS) : false;
  const encoding = accepted === "gzip" || accepted === "br" || accepted === "deflate" ? accepted : undefined;
  if (!encoding) return plainSend.call(this, body);
  withCharset(this, body);
  COMPRESSORS[encoding](typeof body === "string" ? Buffer.from(body) : body, (error, out) => {
    if (this.headersSent || this.destroyed) return;
    if (error) {
      plainSend.call(this, body);
      return;
    }
    this.setHeader("Content-Encoding", encoding);
    plainSend.call(this, out);
  });
  return this;
}

/**
 * Installs the send above on `app`'s responses (the app's own response prototype: nothing is
 * done per request, and responses of other apps keep Express's send).
 */
export const compressLargeAnswers = (app: Express): void => {
  app.response.send = sendCompressingLarge;
};
