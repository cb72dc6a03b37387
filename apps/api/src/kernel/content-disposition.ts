/**
 * `Content-Disposition` naming a file (RFC 6266): an ASCII fallback for old clients and the
 * exact UTF-8 name in `filename*` (RFC 5987), so "Иванов CV.docx" survives.
 */
export const contentDisposition = (filename: string, disposition: "inline" | "attachment"): string => {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
};
