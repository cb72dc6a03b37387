import { Agent, request } from "node:http";

/**
 * A raw HTTP request as a hostile client sends it: the path and query exactly as written
 * (no normalisation, invalid percent escapes kept), any headers, and the body as bytes.
 * fetch and supertest would fix up or refuse some of what the fuzzer wants to send.
 */
export interface TRawRequest {
  method: string;
  /** Path and query, already encoded as they go on the wire. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface TRawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  ms: number;
}

/**
 * A client with kept-alive sockets of its own, at most `maxSockets` to one server (the load
 * bench opens many more than the fuzzer); `close` destroys them so the process can exit.
 */
export const rawHttpClient = (maxSockets: number) => {
  const agent = new Agent({ keepAlive: true, maxSockets });
  const send = (
    base: { host: string; port: number },
    req: TRawRequest,
    timeoutMs = 30_000,
  ): Promise<TRawAnswer> =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const headers = { ...req.headers, ...(req.body ? { "content-length": String(req.body.length) } : {}) };
      const r = request(
        { host: base.host, port: base.port, method: req.method, path: req.path, headers, agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let json: unknown;
            try {
              json = text ? (JSON.parse(text) as unknown) : undefined;
            } catch {
              json = undefined;
            }
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text,
              json,
              ms: performance.now() - started,
            });
          });
          res.on("error", reject);
        },
      );
      r.setTimeout(timeoutMs, () => r.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      r.on("error", reject);
      if (req.body) r.write(req.body);
      r.end();
    });
  return { send, close: (): void => agent.destroy() };
};

const fuzzClient = rawHttpClient(64);

/** The fuzzer's requests. */
export const send = fuzzClient.send;

/** Closes the fuzzer's kept-alive sockets so the process can exit. */
export const closeClient = fuzzClient.close;
