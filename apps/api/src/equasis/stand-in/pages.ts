import type { TStandInShip } from "./ships.js";

/**
 * The stand-in's pages, shaped like Equasis's own (www.equasis.org/EquasisWeb): a public home
 * page with the login form, a restricted home page with the quick search, a search result
 * table whose rows post P_IMO to ShipInfo, and the ship page with its particulars as
 * label/value rows and the management table. Only what the client reads is reproduced, in the
 * same places: the client is the code under test, so the pages must not be easier to read
 * than the real ones.
 */
const esc = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const layout = (title: string, body: string, signedIn: boolean): string => `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Equasis - ${esc(title)}</title>
  <link rel="stylesheet" href="/EquasisWeb/css/bootstrap.min.css">
</head>
<body>
  <header class="navbar navbar-default">
    <a class="navbar-brand" href="/EquasisWeb/public/HomePage"><img src="/EquasisWeb/images/logo.png" alt="Equasis"></a>
    <ul class="nav navbar-nav navbar-right">
      ${signedIn ? '<li><a href="/EquasisWeb/authen/logout">Logout</a></li>' : '<li><a href="/EquasisWeb/public/Registration">Register</a></li>'}
    </ul>
  </header>
  <div class="container">
${body}
  </div>
  <footer class="footer"><p>Equasis - Electronic Quality Shipping Information System</p></footer>
</body>
</html>`;

export const homePage = (error?: string): string =>
  layout(
    "Home",
    `    <div class="row">
      <div class="col-md-6">
        <h2>Welcome to Equasis</h2>
        <p>Equasis provides safety-related information on ships and companies.</p>
      </div>
      <div class="col-md-6">
        <form name="formLogin" method="post" action="/EquasisWeb/authen/HomePage?fs=HomePage">
          <h3>Login</h3>
          ${error ? `<div class="alert alert-danger" role="alert">${esc(error)}</div>` : ""}
          <div class="form-group"><label for="home-login">Email</label><input type="email" class="form-control" id="home-login" name="j_email"></div>
          <div class="form-group"><label for="home-password">Password</label><input type="password" class="form-control" id="home-password" name="j_password"></div>
          <button type="submit" class="btn btn-primary" name="submit" value="Login">Login</button>
        </form>
      </div>
    </div>`,
    false,
  );

export const restrictedHome = (email: string): string =>
  layout(
    "Welcome",
    `    <p class="welcome">You are logged in as ${esc(email)}</p>
    <form name="formSearch" method="post" action="/EquasisWeb/restricted/Search?fs=HomePage">
      <input type="text" name="P_ENTREE_HOME" placeholder="IMO, name, company">
      <input type="hidden" name="checkbox-ship" value="Ship">
      <button type="submit" name="Submit" value="Search">Search</button>
    </form>`,
    true,
  );

export const searchResultPage = (ships: readonly TStandInShip[], term: string): string =>
  layout(
    "Search",
    `    <h3>Ship search result for &laquo;${esc(term)}&raquo;</h3>
    <form name="formShip" method="post" action="/EquasisWeb/restricted/ShipInfo?fs=Search"><input type="hidden" name="P_IMO" value=""></form>
    ${
      ships.length
        ? `<table class="table table-striped tableLS">
      <thead><tr><th>IMO number</th><th>Name of ship</th><th>Gross tonnage</th><th>Type of ship</th><th>Year of build</th><th>Flag</th></tr></thead>
      <tbody>
${ships
  .map(
    (s) => `        <tr>
          <td><a href="#" onclick="document.formShip.P_IMO.value='${s.imo}';document.formShip.submit();return false;">${s.imo}</a></td>
          <td>${esc(s.name)}</td><td>${s.grossTonnage}</td><td>${esc(s.type)}</td><td>${s.yearBuilt}</td><td>(${esc(s.flag)})</td>
        </tr>`,
  )
  .join("\n")}
      </tbody>
    </table>`
        : '<p class="alert alert-info">No result has been found with your criteria.</p>'
    }`,
    true,
  );

const detailRow = (label: string, value: string): string =>
  `      <div class="row">
        <div class="col-lg-4 col-md-4 col-sm-6 col-xs-12"><b>${esc(label)}</b></div>
        <div class="col-lg-8 col-md-8 col-sm-6 col-xs-12">${esc(value)}</div>
      </div>`;

/** Thousands as the site writes them: "39 280". */
const tonnes = (n: number): string => n.toLocaleString("en-GB").replace(/,/g, " ");

export const shipInfoPage = (ship: TStandInShip, updated: string): string =>
  layout(
    "Ship info",
    `    <h3>Ship info</h3>
    <div class="info-details">
${[
  detailRow("IMO number", ship.imo),
  detailRow("Name of ship", ship.name),
  detailRow("Call Sign", ship.callSign),
  detailRow("MMSI", ship.mmsi),
  detailRow("Gross tonnage", `${tonnes(ship.grossTonnage)} (since ${ship.yearBuilt})`),
  detailRow("DWT", `${tonnes(ship.deadweight)} (since ${ship.yearBuilt})`),
  detailRow("Type of ship", `${ship.type} (since ${ship.yearBuilt})`),
  detailRow("Year of build", String(ship.yearBuilt)),
  detailRow("Flag", `${ship.flag} (since ${ship.yearBuilt})`),
  detailRow("Status", "In Service/Commission"),
  detailRow("Last update", updated),
].join("\n")}
    </div>
    <h3>Management detail</h3>
    <table class="table tableLS">
      <thead><tr><th>IMO</th><th>Role</th><th>Name of company</th><th>Address</th><th>Date of effect</th></tr></thead>
      <tbody>
        <tr><td>${ship.imo.replace(/^9/, "5")}</td><td>Registered owner</td><td>${esc(ship.registeredOwner)}</td><td>c/o the ship manager</td><td>since 01/01/${ship.yearBuilt}</td></tr>
        <tr><td>${ship.imo.replace(/^9/, "6")}</td><td>ISM Manager</td><td>${esc(ship.shipManager)}</td><td>Registered office</td><td>since 01/01/${ship.yearBuilt}</td></tr>
        <tr><td>${ship.imo.replace(/^9/, "6")}</td><td>Ship manager/Commercial manager</td><td>${esc(ship.shipManager)}</td><td>Registered office</td><td>since 01/01/${ship.yearBuilt}</td></tr>
      </tbody>
    </table>`,
    true,
  );
