/**
 * A stand-in for XMLHttpRequest in component tests (jsdom's never reaches a server): each
 * request is recorded and answered by the test with `respond` after any `progress` it wants.
 */
export class FakeXhr {
  static all: FakeXhr[] = [];
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: Document | XMLHttpRequestBodyInit | null | undefined = null;
  status = 0;
  statusText = "";
  responseText = "";
  sentAt = -1;
  private responseHeaders = "";
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } =
    { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  getAllResponseHeaders(): string {
    return this.responseHeaders;
  }
  send(body?: Document | XMLHttpRequestBodyInit | null): void {
    this.body = body;
    this.sentAt = Date.now();
    FakeXhr.all.push(this);
  }
  abort(): void {
    this.onabort?.();
  }
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }
  respond(status: number, body: unknown, headers: Record<string, string> = {}): void {
    this.status = status;
    this.responseText = body === undefined ? "" : JSON.stringify(body);
    this.responseHeaders = Object.entries({ "content-type": "application/vnd.api+json", ...headers })
      .map(([k, v]) => `${k}: ${v}`)
      .join("\r\n");
    this.onload?.();
  }
  /** The file names of the multipart body. */
  fileNames(): string[] {
    return this.body instanceof FormData
      ? this.body.getAll("file").map((f) => (f instanceof File ? f.name : String(f)))
      : [];
  }
}
