import { useMediaQuery } from "@mantine/hooks";
import { NARROW_SCREEN_PX } from "@crew/contracts";

/** Spec 2.5 and 9: 600 px or less is a narrow screen (tabs move into the user menu too). */
export const NARROW_SCREEN_QUERY = `(max-width: ${NARROW_SCREEN_PX}px)`;

export const useNarrowScreen = (): boolean =>
  useMediaQuery(NARROW_SCREEN_QUERY, false, { getInitialValueInEffect: false }) ?? false;
