import type { Test } from "supertest";

/** A request whose answer is a file (a print-out, an export, a CV): its status, headers and bytes. */
export const download = async (
  req: Test,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> => {
  const res = await req.buffer(true).parse((stream, done) => {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => done(null, Buffer.concat(chunks)));
  });
  const body: unknown = res.body;
  return { status: res.status, headers: res.headers, body: Buffer.isBuffer(body) ? body : Buffer.alloc(0) };
};
