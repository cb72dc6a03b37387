import { constants } from "node:zlib";
import compression from "compression";
import type { RequestHandler } from "express";

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

/**
 * express `compression` with the fastest levels: on a LAN the time to compress is what the
 * user waits for, and level 1 already shrinks repetitive JSON about 18-20 times (gzip level 1
 * takes about as long as JSON.stringify of the same answer; brotli's default quality 4 twice that).
 */
export const compressLargeAnswers = (): RequestHandler =>
  compression({
    threshold: COMPRESS_FROM_BYTES,
    level: 1,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
    filter: (_req, res) => COMPRESSIBLE.test(String(res.getHeader("Content-Type") ?? "")),
  });
