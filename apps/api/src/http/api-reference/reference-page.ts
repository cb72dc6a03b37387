import { AUTH_HEADERS } from "@crew/contracts";

/** The reference page: Swagger UI over /api/openapi.json, every asset from this server. */
export const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Crewing back office</title>
<link rel="icon" type="image/png" href="/api/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<p id="session-note" role="status" style="margin:0;padding:8px 20px;font:14px sans-serif;background:#eef3f8">Checking the session…</p>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/reference.js"></script>
</body>
</html>
`;

/**
 * Try-it-out with the web app's session: requests carry the five headers the app keeps in
 * local storage (the newest set, whatever the Authorize dialog holds), and an answer's rotated
 * headers are stored back, so the app and the page share one session. Signing in from the
 * page (POST /api/auth/sign_in) stores the new session the same way.
 */
export const PAGE_SCRIPT = `"use strict";
(function () {
  var KEYS = ${JSON.stringify(AUTH_HEADERS)};
  var note = document.getElementById("session-note");
  function stored() {
    var h = {};
    for (var i = 0; i < KEYS.length; i++) {
      var v = window.localStorage.getItem(KEYS[i]);
      if (!v) return null;
      h[KEYS[i]] = v;
    }
    return h;
  }
  function say() {
    var h = stored();
    note.textContent = h
      ? "Try it out runs as " + h.uid + " (the session of this browser; rotated tokens are kept)."
      : "Not signed in: sign in with POST /api/auth/sign_in below (Try it out), or in the app, then call any operation.";
  }
  function header(headers, name) {
    if (!headers) return null;
    var v = headers[name];
    return typeof v === "string" && v ? v : null;
  }
  function keep(res) {
    var h = {};
    for (var i = 0; i < KEYS.length; i++) {
      var v = header(res.headers, KEYS[i]);
      if (!v) return;
      h[KEYS[i]] = v;
    }
    var signIn = /\\/api\\/auth\\/(sign_in|google_oauth2)$/.test(String(res.url).split("?")[0]);
    var before = Number(window.localStorage.getItem("expiry") || 0);
    if (!signIn && Number(h.expiry) < before) return;
    for (var j = 0; j < KEYS.length; j++) window.localStorage.setItem(KEYS[j], h[KEYS[j]]);
    var user = res.body && res.body.data;
    if (signIn && user && typeof user.clientId === "number") window.localStorage.setItem("clientId", String(user.clientId));
    say();
  }
  say();
  window.ui = window.SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    docExpansion: "none",
    defaultModelsExpandDepth: -1,
    displayOperationId: true,
    filter: true,
    showExtensions: true,
    validatorUrl: null,
    withCredentials: false,
    requestInterceptor: function (req) {
      var h = stored();
      if (h) for (var i = 0; i < KEYS.length; i++) req.headers[KEYS[i]] = h[KEYS[i]];
      return req;
    },
    responseInterceptor: function (res) {
      keep(res);
      return res;
    }
  });
})();
`;
