import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { fetchFile } from "../../api";

/**
 * An object URL for a stored file's address. The session travels in headers, so <img> cannot
 * load API files itself: the bytes are fetched with the session (cached by address) and
 * handed to the element as an object URL, revoked when it is no longer shown.
 */
export const useFileObjectUrl = (url: string | undefined): { src: string | undefined; failed: boolean } => {
  const file = useQuery({
    queryKey: ["files", "blob", url ?? ""],
    queryFn: ({ signal }) => fetchFile(url ?? "", signal),
    enabled: Boolean(url),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const src = useMemo(() => (file.data ? URL.createObjectURL(file.data.blob) : undefined), [file.data]);
  useEffect(
    () => () => {
      if (src) URL.revokeObjectURL(src);
    },
    [src],
  );
  return { src, failed: file.isError };
};

/** An object URL for a picked file not uploaded yet (the preview before the save). */
export const useLocalObjectUrl = (file: File | undefined): string | undefined => {
  const src = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(
    () => () => {
      if (src) URL.revokeObjectURL(src);
    },
    [src],
  );
  return src;
};
