/**
 * The file name a Content-Disposition header gives (RFC 6266): the exact UTF-8 name of
 * `filename*` (RFC 5987) when present, else the plain `filename`. Path parts are dropped so
 * a name can never point into a folder.
 */
export const filenameOfDisposition = (header: string | null | undefined): string | undefined => {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  if (extended) {
    const match = /^[\w-]*'[^']*'(.*)$/.exec(extended.replace(/^"|"$/g, ""));
    if (match?.[1] !== undefined) {
      try {
        const name = decodeURIComponent(match[1]);
        if (name) return baseName(name);
      } catch {
        // A malformed escape: fall back to the plain name.
      }
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  const value = plain?.[2] !== undefined ? plain[2].replace(/\\(.)/g, "$1") : plain?.[1]?.trim();
  return value ? baseName(value) : undefined;
};

const baseName = (name: string): string => name.split(/[\\/]/).pop() ?? name;
