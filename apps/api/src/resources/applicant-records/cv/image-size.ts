/** Pixel size of a PNG or JPEG from its header (the CV keeps the photo's proportions); null for anything else. */
export const imageSize = (data: Buffer): { width: number; height: number; type: "png" | "jpg" } | null => {
  // PNG: signature, then the IHDR chunk with width and height.
  if (data.length >= 24 && data.readUInt32BE(0) === 0x89504e47 && data.toString("ascii", 12, 16) === "IHDR") {
    return { width: data.readUInt32BE(16), height: data.readUInt32BE(20), type: "png" };
  }
  // JPEG: walk the markers to a start-of-frame, which carries height then width.
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8) {
    let at = 2;
    while (at + 9 < data.length) {
      if (data[at] !== 0xff) return null;
      const marker = data[at + 1] ?? 0;
      const length = data.readUInt16BE(at + 2);
      const isFrame =
        marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (isFrame)
        return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7), type: "jpg" };
      at += 2 + length;
    }
  }
  return null;
};
