/**
 * Google Identity Services, loaded only when the deployment configures a Google client id
 * (most do not, and the script is third-party code on the login page).
 */
export interface TGoogleCredentialResponse {
  credential: string;
}

interface TGoogleAccountsId {
  initialize(config: {
    client_id: string;
    callback: (response: TGoogleCredentialResponse) => void;
    ux_mode?: "popup" | "redirect";
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type?: "standard" | "icon";
      theme?: "outline" | "filled_blue" | "filled_black";
      size?: "large" | "medium" | "small";
      text?: "signin_with" | "signup_with" | "continue_with" | "signin";
      shape?: "rectangular" | "pill" | "circle" | "square";
      logo_alignment?: "left" | "center";
      width?: number;
    },
  ): void;
}

declare global {
  interface Window {
    google?: { accounts: { id: TGoogleAccountsId } };
  }
}

const SCRIPT_URL = "https://accounts.google.com/gsi/client";
let loading: Promise<TGoogleAccountsId> | null = null;

export const loadGoogleIdentity = (): Promise<TGoogleAccountsId> => {
  if (window.google?.accounts.id) return Promise.resolve(window.google.accounts.id);
  loading ??= new Promise<TGoogleAccountsId>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onload = () =>
      window.google ? resolve(window.google.accounts.id) : reject(new Error("Google sign-in did not start"));
    script.onerror = () => {
      loading = null;
      reject(new Error("Google sign-in could not be loaded"));
    };
    document.head.appendChild(script);
  });
  return loading;
};
