// A whole event through the pages (issue 13, its "Tests"): 100 players over
// 4 rounds of the `standard` preset, as a volunteer director runs it alone.
// The director works on a laptop (1366x768): creates the tournament, uploads
// the players, seats and starts each round, accepts the sheets, amends one
// game, closes the rounds, prints the standings. Scorekeepers work on phones
// (390x844): each round three tables enter every game on the score page and
// sign there; the other 22 tables send the same requests the score page sends
// (PUT the game, POST the signature, with the table's key), so the stage
// stays within a few minutes on a small machine. The projector is 1920x1080.
//
// The standings at the end are checked against a tally this test keeps of
// the games it entered, each game's points worked out here from the
// `standard` column of RULINGS.md: the card value to the winner, +10 when
// self-picked (R9); the thrower -10 for a winner with no or one exposure, -20
// for two, -25 for three or four (standard 13.5-13.7); the others 0 (R2); a
// wall game +10 each (standard 13.3). Never the app's own numbers.
//
// Every page the phones open must fit 390 px (no sideways scrolling), and
// every kind of page is checked by axe. Screenshots of each page are saved
// (lib.mjs: JONGG_SCREENSHOTS, and docs/guide with JONGG_GUIDE_SHOTS=1).
import { test } from "node:test";
import assert from "node:assert/strict";
import { launch, accessible, watch, pageWidth, overflowing, screenshot, axeRuns } from "./lib.mjs";

const URL = process.env.JONGG_URL;
const SETUP = process.env.JONGG_SETUP;
const PASSWORD = "mahjong-table-9";
const SEATS = ["east", "south", "west", "north"];
const PLAYERS = 100;
const TABLES = PLAYERS / 4;
const ROUNDS = 4;
const UI_TABLES = 3; // tables 1..3 of each round enter their games on a phone
const LAPTOP = { viewport: { width: 1366, height: 768 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
// The projector's pictures at three quarters of its pixels: the same page,
// a smaller PNG for the guide.
const PROJECTOR = { viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 0.75 };

// The game of round r, table t, game g: a deterministic mix of discards,
// self-picked hands and wall games (no randomness in the test).
function gameOf(r, t, g) {
  const n = (r * 7919 + t * 104729 + g * 1299709) % 997;
  const seat = SEATS[n % 4];
  const value = [25, 30, 35, 50][(n >> 2) % 4];
  const kind = n % 9;
  if (kind === 0) return { result: "wall" };
  if (kind === 1) return { result: "mahjong", winner: seat, value, self_picked: true };
  const discarder = SEATS[(SEATS.indexOf(seat) + 1 + (n % 3)) % 4];
  return { result: "mahjong", winner: seat, value, discarder, exposures: (n >> 4) % 5 };
}

// The points of one game by seat, from the rules above (not from the app).
function pointsOf(game) {
  const p = { east: 0, south: 0, west: 0, north: 0 };
  if (game.result === "wall") { for (const s of SEATS) p[s] = 10; return p; }
  p[game.winner] = game.value + (game.self_picked ? 10 : 0);
  if (game.discarder) {
    const ex = game.exposures || 0;
    p[game.discarder] = ex <= 1 ? -10 : ex === 2 ? -20 : -25;
  }
  return p;
}

// The score page's form, filled in for `game` (the fields its labels name).
async function fillGame(page, game) {
  await page.check(`input[name=result][value=${game.result}]`);
  if (game.result !== "mahjong") return;
  await page.selectOption("#f-winner", game.winner);
  await page.fill("#f-value", String(game.value));
  if (game.self_picked) await page.check("#f-self_picked");
  else await page.uncheck("#f-self_picked");
  if (game.discarder) await page.selectOption("#f-discarder", game.discarder);
  await page.fill("#f-exposures", String(game.exposures || 0));
}

async function shownPoints(page) {
  await page.waitForSelector("#game-form[data-state=ready]");
  await page.waitForFunction(() => [...document.querySelectorAll("[id^=pv-]")].every((c) => c.textContent !== "—"));
  const out = {};
  for (const s of SEATS) out[s] = Number((await page.textContent(`#pv-${s}`)).replace("+", ""));
  return out;
}

// The director's laptop, logged in (the setup link first if nobody used it).
async function directorLogin(browser, errors) {
  const director = await browser.newContext(LAPTOP);
  const page = await director.newPage();
  page.on("dialog", (d) => d.accept());
  watch(page, errors);
  await page.goto(SETUP);
  if (await page.locator("#confirm").count()) {
    await page.fill("#password", PASSWORD);
    await page.fill("#confirm", PASSWORD);
    await page.click("button[type=submit]");
    await page.waitForURL(/\/login/);
  } else {
    await page.goto(`${URL}/login`);
  }
  await screenshot(page, "laptop-login", "01-login");
  await page.fill("#password", PASSWORD);
  await page.click("button[type=submit]");
  await page.waitForURL(/\/director$/);
  return { director, page };
}

// Each page a phone opened, and its width: all must be <= 390.
const phoneWidths = [];
async function onPhone(page, what) {
  const width = await pageWidth(page);
  phoneWidths.push([what, width, width > 390 ? await overflowing(page, 390) : []]);
}

// The floor page follows live changes and may reload itself just as the
// laptop leaves it: a navigation interrupted by that reload is tried again,
// and one interrupted by a navigation to the same address has arrived once
// that one has loaded (a clean-clone CI failed on each).
async function gotoPast(page, url) {
  for (let tries = 1; ; tries++) {
    try {
      return await page.goto(url);
    } catch (e) {
      if (!/interrupted by another navigation/.test(String(e))) throw e;
      await page.waitForLoadState("load").catch(() => {});
      if (page.url() === url) return null;
      if (tries >= 5) throw e;
    }
  }
}

test("a whole event: 100 players, 4 rounds, laptop, phones and projector", { timeout: 900_000 }, async () => {
  assert.ok(URL && SETUP, "JONGG_URL and JONGG_SETUP must be set (scripts/browser-tests.sh does it)");
  const started = Date.now();
  const browser = await launch();
  const errors = [];
  try {
    const { director, page } = await directorLogin(browser, errors);

    // Create the tournament: name, day, the preset, four rounds.
    await page.fill("#name", "Hall Classic");
    await page.fill("#dates", "2026-04-19");
    await page.check("input[name='rules.name'][value=standard]");
    await page.fill("#rounds", String(ROUNDS));
    await screenshot(page, "laptop-create", "02-create");
    await page.click("#create button[type=submit]");
    await page.waitForURL(/\/director\/t\/\d+$/);
    const id = Number(page.url().split("/").pop());
    const dash = `${URL}/director/t/${id}`;

    // The players, uploaded as CSV.
    const nameOf = {};
    const lines = ["number,name,club"];
    for (let n = 1; n <= PLAYERS; n++) {
      nameOf[n] = `Player ${String(n).padStart(3, "0")} ${["Abrams", "Brown", "Chen", "Diaz", "Łucja Ellis"][n % 5]}`;
      lines.push(`${n},${nameOf[n]},Club ${n % 7}`);
    }
    await page.goto(`${dash}/players`);
    await page.fill("#players-csv", lines.join("\n"));
    await page.click("#upload button[type=submit]");
    // 50 a page (issue 20.4): the last player on the next page.
    await page.waitForSelector(`td:has-text('${nameOf[50]}')`);
    assert.equal(await page.locator("#players-h").textContent(), `Players (${PLAYERS})`);
    assert.match(await page.textContent("nav.pager"), /Showing 1–50 of 100\./);
    await accessible(page, "dashboard, 100 players");
    await screenshot(page, "laptop-players", "03-players");

    const tally = {}; // player -> points, worked out by this test
    for (let n = 1; n <= PLAYERS; n++) tally[n] = 0;
    const timings = [];
    let firstTents = null;

    for (let r = 1; r <= ROUNDS; r++) {
      const roundStart = Date.now();
      await page.goto(dash);
      await page.selectOption("#method", r === 1 ? "random" : "movement");
      await page.click("#seat-form button[type=submit]");
      await page.waitForSelector(`#round-${r}`);
      await page.click(`text=Start round ${r}`);
      await page.waitForSelector(`#round-${r}:has-text('under way')`);
      let tents = [];
      if (r === 1) {
        await accessible(page, "dashboard, a round of 25 tables under way");
        await page.locator(`#round-${r}`).evaluate((h) => h.scrollIntoView());
        await screenshot(page, "laptop-round-under-way", "05-round");
      }

      // The table cards of the round, and each table's link (as printed).
      await page.goto(`${dash}/print/round/${r}/cards`);
      if (r === 1) {
        await accessible(page, "table cards of 25 tables");
        await screenshot(page, "laptop-table-cards", "04-table-cards");
      }
      // The table tents, printed once for the whole event: a QR code and a
      // short code a table, that open whichever round is under way.
      await page.goto(`${dash}/tents`);
      tents = await page.$$eval("section.tent", (ss) => ss.map((x) => ({ url: x.dataset.url, code: x.dataset.code })));
      assert.equal(tents.length, TABLES, "a tent a table");
      if (firstTents) assert.deepEqual(tents, firstTents, "the tents stay the same all event");
      else firstTents = tents;
      if (r === 1) {
        await accessible(page, "table tents of 25 tables");
        await screenshot(page, "laptop-table-tents", "04b-table-tents");
      }
      const { links } = await (await page.request.get(`${URL}/api/tournaments/${id}/rounds/${r}/links`)).json();
      assert.equal(links.length, TABLES, `round ${r}: a link a table`);
      const { seating } = await (await page.request.get(`${URL}/api/tournaments/${id}/rounds/${r}`)).json();
      assert.equal(seating.tables.length, TABLES);
      const seated = new Set();
      for (const tb of seating.tables) for (const s of SEATS) seated.add(tb.seats[s]);
      assert.equal(seated.size, PLAYERS, `round ${r}: every player seated once`);

      // A player looks up where they sit, on their phone (round 2: this
      // round and the last).
      if (r === 2) {
        const pctx = await browser.newContext(PHONE);
        const pp = await pctx.newPage();
        watch(pp, errors);
        const who = seating.tables[7].seats.south;
        await pp.goto(`${URL}/t/${id}/seat`);
        await pp.fill("#who", String(who));
        await pp.click("button[type=submit]");
        await pp.waitForSelector(`#seat-r${r}`);
        assert.match(await pp.textContent(`section[aria-labelledby=seat-r${r}]`), /Table 8, South/);
        await accessible(pp, "where do I sit?");
        await screenshot(pp, "phone-where-do-i-sit", "12-seat-phone");
        await onPhone(pp, "where do I sit?");
        await pctx.close();
      }

      // The projector during the round.
      if (r === 1) {
        const hall = await browser.newContext(PROJECTOR);
        const proj = await hall.newPage();
        watch(proj, errors);
        await proj.goto(`${URL}/t/${id}/projector`);
        await proj.waitForSelector("[data-clock]");
        await accessible(proj, "projector during a round");
        await screenshot(proj, "projector-round", "07-projector");
        await hall.close();
      }

      for (const tb of seating.tables) {
        const t = tb.table;
        const link = links.find((l) => l.table === t);
        const games = [1, 2, 3, 4].map((g) => gameOf(r, t, g));
        if (t <= UI_TABLES) {
          // A scorekeeper's phone: the table's QR code opens the score page.
          const ctx = await browser.newContext(PHONE);
          const sk = await ctx.newPage();
          watch(sk, errors);
          // Table 1 scans its tent, table 2 the round's card, table 3 types
          // its tent's code on the code page.
          if (t === 1) await sk.goto(tents[0].url);
          else if (t === 2) await sk.goto(link.url);
          else {
            await sk.goto(`${URL}/code`);
            if (r === 1) {
              await accessible(sk, "the code page");
              await onPhone(sk, "the code page");
            }
            await sk.fill("#code", tents[t - 1].code.toLowerCase());
            await sk.click("button[type=submit]");
          }
          await sk.waitForSelector(`h1:has-text('Table ${t}')`);
          assert.equal(await sk.textContent("h1 .table-round"), `Round ${r}`, "the card opens the round under way");
          if (r === 1 && t === 1) await accessible(sk, "score page of a 100-player event");
          if (r === 1 && t === 2) {
            // The table calls the director; the director, on the laptop's
            // floor page, goes to the table and closes the call (no ruling).
            await sk.fill("#call-reason", "a question about the Charleston");
            await sk.click(".call-director button[type=submit]");
            await page.goto(`${URL}/floor/t/${id}`);
            await page.waitForSelector(`#calls h2:has-text('Table ${t}')`);
            await accessible(page, "floor page with a call");
            await screenshot(page, "laptop-floor-call", "11-floor");
            // Each answer reloads the page: wait for the new one.
            await Promise.all([page.waitForEvent("load"), page.click(`text=I am going to table ${t}`)]);
            await page.waitForSelector("#calls:has-text('taken by')");
            await page.click("summary:has-text('Close this call with a ruling')");
            await page.fill(`#calls input[name=note]`, "answered at the table");
            await Promise.all([page.waitForEvent("load"), page.click("text=Close the call")]);
            await page.waitForSelector("#calls:has-text('No table is calling')");
            // Off the floor page while nothing changes: it reloads itself
            // on each sheet the tables send next.
            await gotoPast(page, dash);
            await sk.reload();
          }
          for (let g = 1; g <= 4; g++) {
            assert.equal(await sk.inputValue("#f-game"), String(g));
            await fillGame(sk, games[g - 1]);
            assert.deepEqual(await shownPoints(sk), pointsOf(games[g - 1]),
              `round ${r} table ${t} game ${g}: ${JSON.stringify(games[g - 1])}`);
            if (r === 1 && t === 1 && g === 1) {
              await screenshot(sk, "phone-score-game", "06-score-phone");
              await onPhone(sk, "score page, a game filled in");
            }
            await sk.click("#save");
            await sk.waitForSelector(`#game-${g} td:not(:has(.hint))`);
          }
          for (const s of SEATS) {
            await sk.click(`button.sign[data-seat=${s}]`);
            await sk.waitForSelector(`li strong:has-text('${s[0].toUpperCase() + s.slice(1)}:'):has-text('has signed')`);
          }
          assert.match(await sk.textContent("#sheet-state"), /signed/);
          if (r === 1 && t === 1) {
            await accessible(sk, "score page, signed");
            await sk.locator("#sign-h").evaluate((h) => h.scrollIntoView());
            await screenshot(sk, "phone-score-signed", "06b-score-signed");
            await onPhone(sk, "score page, signed");
          }
          await ctx.close();
        } else {
          // The same requests the score page sends, with the table's key.
          const base = `${URL}/api/tournaments/${id}/rounds/${r}/tables/${t}`;
          const headers = { "Content-Type": "application/json", Authorization: `Bearer ${link.token}` };
          for (let g = 1; g <= 4; g++) {
            const res = await fetch(`${base}/games/${g}`, {
              method: "PUT", headers, body: JSON.stringify({ entry: { kind: "record", record: games[g - 1] } }) });
            assert.equal(res.status, 200, `round ${r} table ${t} game ${g}: ${await res.text()}`);
          }
          for (const seat of SEATS) {
            const res = await fetch(`${base}/sign`, { method: "POST", headers, body: JSON.stringify({ seat }) });
            assert.equal(res.status, 200, `round ${r} table ${t} signed by ${seat}: ${await res.text()}`);
          }
        }
        for (const g of games) {
          const pts = pointsOf(g);
          for (const s of SEATS) tally[tb.seats[s]] += pts[s];
        }
      }

      // The director accepts the signed sheets: one at a time in round 1,
      // then all at once ("accept all signed", one audit line each).
      await gotoPast(page, dash);
      if (r === 1) {
        for (let t = 1; t <= TABLES; t++) {
          await page.getByRole("button", { name: `Accept table ${t}`, exact: true }).click();
          await page.waitForSelector(`#r${r}t${t} .state-accepted`);
        }
      } else {
        await page.click("#accept-all button[type=submit]");
        await page.waitForSelector(`.flash:has-text('Accepted ${TABLES} signed sheets of round ${r}')`);
      }
      for (let t = 1; t <= TABLES; t++) await page.waitForSelector(`#r${r}t${t} .state-accepted`);
      if (r === 1) await accessible(page, "round control, 25 sheets accepted");

      if (r === ROUNDS) {
        // An amendment: game 1 of table 4 becomes a wall game, with a reason.
        const tb = seating.tables.find((x) => x.table === 4);
        const before = pointsOf(gameOf(r, 4, 1));
        const after = pointsOf({ result: "wall" });
        await page.goto(`${dash}/r/${r}/table/4`);
        await page.selectOption("#f-game", "1");
        assert.deepEqual(await shownPoints(page), before, "the recorded game, loaded");
        await fillGame(page, { result: "wall" });
        assert.deepEqual(await shownPoints(page), after, "the amended game");
        await page.fill("#f-reason", "The table called a wall game; the sheet said otherwise");
        await accessible(page, "amendment of a 100-player event");
        await screenshot(page, "laptop-amend", "08-amend");
        const [answer] = await Promise.all([
          page.waitForResponse((res) => res.url().includes("/games/1/amend")),
          page.waitForEvent("framenavigated"),
          page.click("#save"),
        ]);
        assert.equal(answer.status(), 200);
        await page.waitForLoadState("load");
        for (const s of SEATS) tally[tb.seats[s]] += after[s] - before[s];
      }

      await page.goto(dash);
      await page.click(`text=Close round ${r}`);
      await page.waitForSelector(`#round-${r}:has-text('closed')`);
      timings.push(((Date.now() - roundStart) / 1000).toFixed(1));
    }

    // The final standings on a phone: every total is this test's tally.
    const ctx = await browser.newContext(PHONE);
    const sp = await ctx.newPage();
    watch(sp, errors);
    await sp.goto(`${URL}/t/${id}`);
    assert.match(await sp.textContent("#status"), /Final standings/);
    await accessible(sp, "final standings of 100 players on a phone");
    await screenshot(sp, "phone-standings", "09-standings-phone");
    await onPhone(sp, "standings");
    const rows = await sp.$$eval("tr[data-player]", (trs) => trs.map((tr) => ({
      n: Number(tr.dataset.player), points: Number(tr.querySelector(".points-total").textContent) })));
    assert.equal(rows.length, PLAYERS);
    for (const row of rows) assert.equal(row.points, tally[row.n], `player #${row.n}'s total`);
    for (let i = 1; i < rows.length; i++) assert.ok(rows[i - 1].points >= rows[i].points, "best first");
    await sp.goto(`${URL}/t/${id}/players/${rows[0].n}`);
    assert.equal(Number(await sp.textContent("#points")), tally[rows[0].n]);
    await onPhone(sp, "player page");
    await ctx.close();

    // The projector at the end, and the printables with the standings PDFs.
    const hall = await browser.newContext(PROJECTOR);
    const proj = await hall.newPage();
    watch(proj, errors);
    await proj.goto(`${URL}/t/${id}/projector`);
    await screenshot(proj, "projector-final", null);
    await accessible(proj, "projector, final standings");
    await hall.close();
    await page.goto(`${dash}/print`);
    await accessible(page, "printables of a 100-player event");
    await screenshot(page, "laptop-print", "10-print");
    for (const paper of ["a4", "letter"]) {
      const pdf = await page.request.get(`${dash}/print/standings.pdf?paper=${paper}`);
      assert.equal(pdf.headers()["content-type"], "application/pdf", `standings on ${paper}`);
      const bytes = await pdf.body();
      assert.equal(bytes.subarray(0, 5).toString(), "%PDF-");
      // A4 is 595 x 842 points, US Letter 612 x 792.
      const box = paper === "a4" ? /MediaBox\s*\[\s*0\s+0\s+595(\.\d+)?\s+841\.\d+|MediaBox\s*\[\s*0\s+0\s+595(\.\d+)?\s+842/ : /MediaBox\s*\[\s*0\s+0\s+612(\.0+)?\s+792/;
      assert.match(bytes.toString("latin1"), box, `the standings PDF is on ${paper}`);
    }
    // "Stop jongg" asks first (issue 21.1): the question only, the server
    // still serves the other tests.
    await page.goto(`${URL}/director/stop`);
    await accessible(page, "stop jongg?");
    await screenshot(page, "laptop-stop", "13-stop");

    // The director's pages on a phone too: a director may run from one.
    const dctx = await browser.newContext({ ...PHONE, storageState: await director.storageState() });
    const dp = await dctx.newPage();
    watch(dp, errors);
    for (const [what, path] of [["director home", "/director"], ["dashboard", `/director/t/${id}`],
      ["printables", `/director/t/${id}/print`], ["audit", `/director/t/${id}/audit`],
      ["table sheet", `/director/t/${id}/r/4/table/4`], ["tournaments", "/"], ["login", "/login"],
      ["projector", `/t/${id}/projector`], ["floor", `/floor/t/${id}`]]) {
      await dp.goto(`${URL}${path}`);
      await onPhone(dp, what);
    }
    await dctx.close();
    await director.close();

    const wide = phoneWidths.filter(([, w]) => w > 390);
    console.log(`# phone widths: ${phoneWidths.map(([p, w]) => `${p} ${w}`).join(", ")}`);
    // Each page that scrolls sideways on a phone, with what sticks out.
    assert.deepEqual(wide, [], "pages wider than a 390 px phone");
    assert.deepEqual(errors, [], "no script errors on any page");
    console.log(`# the event took ${((Date.now() - started) / 1000).toFixed(0)} s (rounds: ${timings.join(", ")} s); axe checked ${axeRuns()} page states`);
  } finally {
    await browser.close();
  }
});
