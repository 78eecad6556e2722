// The pages before their script loads (issue 13.7): a browser with
// JavaScript turned off runs a tournament's first round through the pages'
// own forms (method="post" and an action; forms.rs on the server): log in,
// create a tournament, register players (one by one and a pasted list),
// seat and start round 1, enter and sign a sheet on the score page, accept it, log
// out. Each step lands on its page saying what was done; a refused form is
// a page in words with the way back. The games are entered on the score
// page's own game form (a discard, a self-pick, wall games with a dead hand
// and a penalty), their points checked on the sheet.
//
// scripts/browser-tests.sh starts jongg and sets JONGG_URL and JONGG_SETUP.
import { test } from "node:test";
import assert from "node:assert/strict";
import { launch, screenshot } from "./lib.mjs";

const URL = process.env.JONGG_URL;
const SETUP = process.env.JONGG_SETUP;
const PASSWORD = "mahjong-table-9";
const SEATS = ["east", "south", "west", "north"];

// Submits a form by its button and waits for the page it lands on.
async function submit(page, button) {
  await Promise.all([page.waitForNavigation(), page.click(button)]);
}

// The confirmation the page shows at the top.
const done = (page) => page.textContent("#done");

test("a round through the pages with JavaScript off", { timeout: 300_000 }, async () => {
  assert.ok(URL && SETUP, "JONGG_URL and JONGG_SETUP must be set (scripts/browser-tests.sh does it)");
  const browser = await launch();
  try {
    const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const requests = [];
    page.on("request", (r) => { if (r.resourceType() === "fetch" || r.resourceType() === "xhr") requests.push(r.url()); });

    // The setup link (if no other test used it), then the login.
    await page.goto(SETUP);
    if (await page.locator("#confirm").count()) {
      await page.fill("#password", PASSWORD);
      await page.fill("#confirm", PASSWORD);
      await submit(page, "button[type=submit]");
      assert.match(page.url(), /\/login\?done=/, await page.content());
      assert.equal(await done(page), "Your password is set: log in with it");
    } else {
      await page.goto(`${URL}/login`);
    }
    await page.fill("#password", PASSWORD);
    await submit(page, "button[type=submit]");
    assert.match(page.url(), /\/director$/);

    // Create a tournament: a preset by its radio button, two rounds.
    await page.fill("#name", "No Script Open");
    await page.fill("#dates", "2026-05-02");
    await page.check("input[name='rules.name'][value=standard]");
    await page.fill("#rounds", "2");
    await submit(page, "#create button[type=submit]");
    const id = Number(new globalThis.URL(page.url()).pathname.split("/").pop());
    assert.ok(id > 0, page.url());
    assert.equal(await done(page), "Tournament No Script Open created");
    const dash = `${URL}/director/t/${id}`;

    // Register players one by one; a refused one is a page with the way back.
    await page.goto(`${dash}/players`);
    const names = ["Ann Arden", "Bo Baker", "Cat Cole", "Dee Dunn"];
    for (const [i, name] of names.entries()) {
      await page.fill("#p-number", String(i + 1));
      await page.fill("#p-name", name);
      await submit(page, "#register button[type=submit]");
      assert.equal(await done(page), `${name} registered as player ${i + 1}`);
    }
    await page.fill("#p-number", "1");
    await page.fill("#p-name", "Twice");
    await submit(page, "#register button[type=submit]");
    assert.equal(await page.textContent("h1"), "That did not work");
    assert.match(await page.textContent("main"), /Back button returns to the form with what you typed/);
    await screenshot(page, "nojs-refused");
    // The browser's Back keeps what was typed, as the page says.
    await page.goBack();
    assert.equal(await page.inputValue("#p-name"), "Twice");
    assert.match(page.url(), /\/players(\?|$)/);
    // Four more as a pasted list.
    await page.fill("#players-csv", "number,name\n5,Eli Eng\n6,Fay Ford\n7,Gil Gray\n8,Hy Hunt");
    await submit(page, "#upload button[type=submit]");
    assert.equal(await done(page), "4 players uploaded");
    assert.equal(await page.locator("#players-h").textContent(), "Players (8)");

    // Seat round 1 by number (the draw number is not sent with it), start it.
    await page.goto(dash);
    await page.selectOption("#method", "by_number");
    await submit(page, "#seat-form button[type=submit]");
    assert.equal(await done(page), "Round 1 seated");
    await submit(page, "button:has-text('Start round 1')");
    assert.equal(await done(page), "Round 1 started");
    await page.waitForSelector("#round-1:has-text('under way')");

    // Table 1's games, entered on the score page by its own form (a phone,
    // its script off too): each lands back on the sheet saying so.
    // The API as a program calls it, from Node, with the director's session.
    const api = ctx.request;
    const API = URL;
    const session = (await ctx.cookies()).find((c) => c.name === "jongg_session").value;
    const asDirector = { headers: { Authorization: `Bearer ${session}` } };
    const link = await (await api.get(`${API}/api/tournaments/${id}/rounds/1/tables/1/link`, asDirector)).json();
    const t1 = `${API}/api/tournaments/${id}/rounds/1/tables/1`;
    const phone = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const sk = await phone.newPage();
    await sk.goto(`${URL}/score?key=${link.token}`);
    const games = [
      // Mah Jongg on West's discard, jokerless: South 30 + 20, West -10 (standard 13, 13.2, 13.5).
      { result: "mahjong", winner: "south", discarder: "west", value: "30", exposures: "1", ticks: ["#f-jokerless"],
        points: ["+0", "+50", "-10", "+0"] },
      // Self-picked by East (the thrower chosen is left out): 25 + 10 (standard 13.1).
      { result: "mahjong", winner: "east", discarder: "north", value: "25", ticks: ["#f-self_picked"],
        points: ["+35", "+0", "+0", "+0"] },
      // A wall game: West's hand dead, South looked at a blind-passed tile.
      { result: "wall", dead: { west: "infraction" }, penalties: [["south", "blind_pass_peek"]],
        points: ["+10", "+0", "-10", "+10"] },
      { result: "wall", points: ["+10", "+10", "+10", "+10"] },
    ];
    for (const [i, g] of games.entries()) {
      const n = i + 1;
      await sk.selectOption("#f-game", String(n));
      await sk.check(`input[name=result][value=${g.result}]`);
      if (g.winner) await sk.selectOption("#f-winner", g.winner);
      if (g.discarder) await sk.selectOption("#f-discarder", g.discarder);
      if (g.value) await sk.fill("#f-value", g.value);
      if (g.exposures) await sk.fill("#f-exposures", g.exposures);
      for (const box of g.ticks || []) await sk.check(box);
      if (g.dead || g.penalties) await sk.click("#dead-and-penalties > summary");
      for (const [seat, why] of Object.entries(g.dead || {})) await sk.selectOption(`#f-dead-${seat}`, why);
      for (const [seat, kind] of g.penalties || []) {
        await sk.click(`details.seat-penalties[data-seat=${seat}] > summary`);
        await sk.check(`input[name='penalty.${seat}.${kind}']`);
      }
      await submit(sk, "#save");
      assert.equal(await done(sk), `Game ${n} saved`, await sk.textContent("main"));
      const row = await sk.$$eval(`#game-${n} td`, (cells) => cells.map((c) => c.textContent.trim()));
      assert.deepEqual(row, g.points, `game ${n} on the sheet`);
    }
    assert.ok(await sk.evaluate(() => document.documentElement.scrollWidth <= 390), "no wider than a phone");
    await screenshot(sk, "nojs-games");
    // Someone else saves the sheet meanwhile: this page's game is refused
    // in words, with the way back, and nothing of it is saved.
    const other = await api.put(`${t1}/games/4`, { headers: { Authorization: `Bearer ${link.token}` },
      data: { entry: { kind: "record", record: { result: "wall" } } } });
    assert.equal(other.status(), 200, await other.text());
    await sk.click("#correct > summary");
    await sk.selectOption("#f-game", "4");
    await sk.check("input[name=result][value=timeout]");
    await submit(sk, "#save");
    assert.equal(await sk.textContent("h1"), "That did not work");
    assert.match(await sk.textContent("main"), /Someone else saved this sheet/);
    // Issue 20.7, on the hall's address: the table calls the director by
    // its form; the director closes the call on the floor page with a
    // ruling on game 4, and the ruling is read in words with its source on
    // the confirmation, round control's tile and the score page.
    await sk.goto(`${URL}/score?key=${link.token}`);
    await sk.selectOption("#call-seat", "south");
    await sk.fill("#call-reason", "looked at a stolen tile");
    await submit(sk, ".call-director button[type=submit]");
    assert.equal(await done(sk), "The director is called: stay at the table");
    await page.goto(`${URL}/floor/t/${id}`);
    await page.click("summary:has-text('Close this call with a ruling')");
    await page.selectOption("select[name=incident]", "blind_pass_peek");
    await page.selectOption("select[name=game]", "4");
    await page.selectOption("select[name=seat]", "south");
    await submit(page, "button:has-text('Close the call')");
    assert.equal(await done(page), "Call 1 closed: Looked at a blind-passed (stolen) tile — a blind-pass peek " +
      "penalty: the player who looked -10 (standard 6, R17). Put on table 1's sheet: game 4, South.");
    assert.equal(await page.textContent("#rulings cite"), "standard 6, R17");
    await page.goto(`${dash}?round=1`);
    assert.match(await page.textContent("#r1t1 .rulings"), /game 4: Looked at a blind-passed \(stolen\) tile/);
    assert.equal(await page.textContent("#r1t1 .rulings cite"), "standard 6, R17");
    await sk.goto(`${URL}/score?key=${link.token}`);
    assert.match(await sk.textContent("#why"), /game 4: Looked at a blind-passed \(stolen\) tile/);
    assert.equal(await sk.textContent("#why .rulings cite"), "standard 6, R17");
    await screenshot(sk, "nojs-ruling");
    // Each player signs on the score page.
    await sk.goto(`${URL}/score?key=${link.token}`);
    for (const seat of SEATS) {
      await submit(sk, `button.sign[data-seat=${seat}]`);
      const label = seat[0].toUpperCase() + seat.slice(1);
      assert.equal(await done(sk), `${label} signed the sheet`);
    }
    await screenshot(sk, "nojs-signed");
    await phone.close();

    // Accept it on round control.
    await page.goto(`${dash}?round=1`);
    await submit(page, "button:has-text('Accept table 1')");
    assert.equal(await done(page), "Sheet of table 1 accepted");
    await screenshot(page, "nojs-accepted");
    const sheet = await (await api.get(t1)).json();
    assert.ok(JSON.stringify(sheet).includes("accepted"), JSON.stringify(sheet));

    // Log out: to the login page, saying so.
    await page.goto(`${URL}/director`);
    await submit(page, "button:has-text('Log out')");
    assert.match(page.url(), /\/login\?done=/);
    assert.equal(await done(page), "Logged out");
    // The browser holds no session any more, and the one it held is ended.
    assert.equal((await ctx.cookies()).find((c) => c.name === "jongg_session"), undefined);
    const me = await api.get(`${API}/api/me`, asDirector);
    assert.equal(me.status(), 401, await me.text());

    assert.deepEqual(requests, [], "no script ran: nothing was fetched");
  } finally {
    await browser.close();
  }
});
