import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { isSafeKey, type TStorage } from "./storage.js";

/** Files in a folder (DATA_DIR/files on the embedded default). */
export const diskStorage = (root: string): TStorage => {
  const pathOf = (key: string): string => {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key ${key}`);
    return join(root, ...key.split("/"));
  };
  const walk = async function* (dir: string): AsyncIterable<string> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(path);
      else if (!entry.name.endsWith(".tmp")) yield path;
    }
  };
  return {
    kind: "disk",
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written whole before it is visible under its key.
      await writeFile(`${path}.tmp`, body);
      await rename(`${path}.tmp`, path);
    },
    async get(key) {
      const path = pathOf(key);
      const { size } = await stat(path);
      return { body: createReadStream(path), size };
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      try {
        await stat(pathOf(key));
        return true;
      } catch {
        return false;
      }
    },
    async *list(prefix) {
      for await (const path of walk(join(root, ...prefix.split("/").filter(Boolean)))) {
        const key = relative(root, path).split(sep).join("/");
        yield { key, modifiedAt: (await stat(path)).mtime };
      }
    },
  };
};
