/** Business constants of the specification (000 section 9), shared by server and client. */
export const DEFAULT_PAGE_SIZE = 15;
/** "Large lists (all items)": the largest page a client may ask for. */
export const MAX_PAGE_SIZE = 999;
export const SEARCH_DEBOUNCE_MS = 700;
export const NOTICE_AUTO_DISMISS_MS = 5000;
export const NOTIFICATION_COUNT_REFRESH_MS = 60_000;
export const NOTIFICATION_POPUP_REFRESH_MS = 180_000;
export const NOTIFICATION_POPUP_DEBOUNCE_MS = 3000;
export const NARROW_SCREEN_PX = 600;
export const DATE_FORMAT = "DD.MM.YYYY";
export const DATE_TIME_FORMAT = "DD.MM.YYYY HH:mm";
/** Requests carrying the token replaced by a rotation keep working this long (browsers send in parallel). */
export const TOKEN_ROTATION_GRACE_MS = 5000;
export const SESSION_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
export const MAX_DEVICES_PER_ACCOUNT = 10;
export const DEMO_PASSWORD = "Demo-Password-1";
