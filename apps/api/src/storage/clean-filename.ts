/**
 * A client's file name made safe to store and to send back in Content-Disposition: no
 * folders, no control or reserved characters, at most 180 characters with the extension kept.
 * Letters of any script stay ("Іванов паспорт.pdf").
 */
export const cleanFilename = (raw: string): string => {
  const base = raw.split(/[/\\]/).pop() ?? "";
  let name = base
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, "")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  if (name.length > 180) {
    const dot = name.lastIndexOf(".");
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : "";
    name = name.slice(0, 180 - ext.length).trimEnd() + ext;
  }
  return name || "file";
};
