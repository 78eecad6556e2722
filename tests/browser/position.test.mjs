// A practice table set up from a position (issue 23), in four Chromium
// contexts: two people (East and South) and two bots (West and North) play
// the position of crates/server/tests/play/position.rs: South claims East's
// 6C and exposes it with a joker, East gives a 6C for that joker and has
// Mah Jongg; every rack and the points are shown at the end. A spectator at
// /play/{id}/watch sees the moves and South's chat line but never one of
// East's concealed tiles; a fourth context opens the finished game's replay
// and its log, which say the wall was set up, never that it verified. The
// form's refusal of a position that cannot be read keeps the text. Before
// it, the lobby's waiting room updates itself in place (issue 33.5); after
// it, South's link opened on another device asks before it takes the seat.
// Each new state is checked by axe-core; the claim and the end at a phone's
// width.
//
// scripts/browser-tests.sh starts jongg and sets JONGG_URL.
import { test } from "node:test";
import assert from "node:assert/strict";
import { launch, accessible, watch, screenshot, pageWidth, overflowing } from "./lib.mjs";

const URL = process.env.JONGG_URL;

// The same table as the server's test (crates/server/tests/play/position.rs).
const POSITION = `# A claim, a joker exchanged and a Mah Jongg
turn E
rack E 1Bx3 1Cx3 1Dx2 WDx3 F 6Cx2
rack S 6C J 2B 3B 4B 5B 7B 8B 9B E S W N
rack W 2C 3C 4C 5C 7C 8C 9C 2D 3D 4D RD GD E
rack N 5D 6D 7D 8D 9D 2B 3B 4B S W RD GD 9C
discards N 6C
wall 6B 7B F
`;
// East's concealed tiles, none of which comes into the open before the end.
const EAST_ONLY = ["1B", "1C", "1D", "WD", "F"];

const next = (page) => page.textContent("#next-step");
const waitNext = (page, re, timeout = 30_000) =>
  page.waitForFunction((src) => new RegExp(src).test(document.getElementById("next-step").textContent), re.source, { timeout });
// The tiles a page draws, as their notation (the text a sighted player reads).
// Each tile is its face named by its code (issue 33.1): the code is its data-tile.
const shownTiles = (page) => page.$$eval(".tile[data-tile]", (s) => s.map((e) => e.dataset.tile));

async function clickTile(page, t) {
  await page.locator(`#rack li[data-tile="${t}"]`).first().click();
}

async function atPhone(page, name) {
  await page.setViewportSize({ width: 390, height: 844 });
  assert.ok((await pageWidth(page)) <= 390, `${name} on a phone: ${await overflowing(page, 390)}`);
  await screenshot(page, name);
  await accessible(page, `${name} on a phone`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("two people and two bots play a claim, a joker exchange and Mah Jongg from a position", { timeout: 120_000 }, async () => {
  assert.ok(URL, "JONGG_URL must be set (scripts/browser-tests.sh does it)");
  const browser = await launch();
  const errors = [];
  try {
    const contexts = await Promise.all([0, 1, 2, 3].map(() => browser.newContext({ viewport: { width: 1280, height: 900 } })));
    const [east, south, spectator, replay] = await Promise.all(contexts.map((c) => c.newPage()));
    for (const p of [east, south, spectator, replay]) watch(p, errors);

    // The lobby's waiting room (issue 33.5): no meta refresh (axe: critical);
    // its table updates itself when South joins, without a reload; East
    // then leaves, which closes it.
    const nonce = Date.now().toString(36);
    for (const [p, who] of [[east, `East${nonce}`], [south, `South${nonce}`]]) {
      await p.goto(`${URL}/play/signup?next=/play`);
      await p.fill("#name", who);
      await p.fill("#password", "a long enough password");
      await p.fill("#confirm", "a long enough password");
      await Promise.all([p.waitForURL(/\/play$/), p.click("form button[type=submit]")]);
    }
    await east.goto(`${URL}/play/rooms/new`);
    // West open too: the room still waits after South joins.
    await east.selectOption("#seat-south", "person");
    await east.selectOption("#seat-west", "person");
    await Promise.all([east.waitForURL(/\/play\/rooms\/[a-z0-9]+\?/), east.click("form button[type=submit]")]);
    const room = east.url().split("?")[0];
    assert.equal(await east.locator("meta[http-equiv=refresh]").count(), 0, "no meta refresh");
    assert.ok(await east.isVisible("[data-refresh-pause=room-live]"), "a pause for the updates");
    await accessible(east, "the waiting room");
    await east.evaluate(() => { window.notReloaded = true; });
    await south.goto(room);
    await south.click("button:has-text('Join as south')");
    await east.waitForFunction((name) => document.getElementById("room-live").textContent.includes(name), `South${nonce}`, { timeout: 15_000 });
    assert.ok(await east.evaluate(() => window.notReloaded === true), "updated in place, not reloaded");
    await accessible(east, "the waiting room after a join");
    await Promise.all([east.waitForURL(/\/play(\?|$)/), east.click("button:has-text('Leave and close the table')")]);

    // The form: a position that cannot be read is refused naming its line,
    // and the text stays in the box.
    await east.goto(`${URL}/play/new`);
    await east.selectOption("#rules", "standard");
    await east.selectOption("#seat-south", "person");
    await east.selectOption("#seat-west", "medium");
    await east.selectOption("#seat-north", "medium");
    await east.fill("#window_secs", "10");
    await east.fill("#turn_secs", "60");
    await east.fill("#position", "turn E\nrack E 1Bx3\nrack S 1Bx2");
    await east.click("#new-table button[type=submit]");
    await east.waitForFunction(() => /line 3/.test(document.querySelector("#new-table .form-error").textContent));
    assert.match(await east.textContent("#new-table .form-error"), /position: line 3: /);
    assert.equal(await east.inputValue("#position"), "turn E\nrack E 1Bx3\nrack S 1Bx2", "the text stays");
    await accessible(east, "the practice form refusing a position");

    // The position that plays: the seats' links.
    await east.fill("#position", POSITION);
    await east.click("#new-table button[type=submit]");
    await east.waitForSelector("#links:not([hidden])");
    const links = await east.$$eval("#links a", (as) => as.map((a) => a.href));
    assert.equal(links.length, 2, "a link for East and one for South");
    // Each link is named by its seat, and Start is not pressed twice (issue 33.5).
    assert.deepEqual(await east.$$eval("#links a", (as) => as.map((a) => a.textContent)), ["Your seat (East)", "The South seat"]);
    assert.ok(await east.isDisabled("#new-table button[type=submit]"), "the table is open: Start again would open a second");
    const id = new globalThis.URL(links[0]).pathname.split("/")[2];
    await spectator.goto(`${URL}/play/${id}/watch`);
    await Promise.all([east.goto(links[0]), south.goto(links[1])]);
    for (const p of [east, south, spectator]) {
      assert.match(await p.textContent("#set-up"), /Set up from a position: this wall was not drawn/);
    }

    // East discards a 6C; South claims it for a group and exposes it with a joker.
    await waitNext(east, /^Your turn: pick a tile to discard/);
    await accessible(east, "a seat's turn at a set-up table");
    // A wrong Mah Jongg is refused in the action box; the turn goes on (issue 33.5).
    await east.click("#actions button:has-text('Mah Jongg!')");
    await east.waitForFunction(() => /^Not Mah Jongg: /.test(document.getElementById("refused").textContent));
    assert.match(await east.textContent("#refused"), /your clock runs on/);
    assert.match(await next(east), /^Your turn: pick a tile to discard/);
    await clickTile(east, "6C");
    await east.click("#actions button:has-text('Discard 6C')");
    await waitNext(south, /^Claim 6C\?/);
    await south.click("#actions button:has-text('Claim 6C for a group')");
    await waitNext(south, /^Expose your claimed 6C/);
    await accessible(south, "exposing a claimed tile");
    await atPhone(south, "position-claim-phone");
    await south.click("#actions button:has-text('Pung: 6C 6C J')");
    await waitNext(south, /^Your turn: pick a tile to discard/);
    await south.fill("#chat-text", "A pung of 6C with a joker");
    await south.click("#chat-form button[type=submit]");
    await clickTile(south, "N");
    await south.click("#actions button:has-text('Discard N')");

    // The spectator sees the exposure and the chat line, and none of East's tiles.
    await spectator.waitForFunction(() => /A pung of 6C with a joker/.test(document.getElementById("chat-lines").textContent));
    await spectator.waitForFunction(() => document.querySelectorAll("#seats .exposures .group").length === 1);
    assert.equal(await spectator.locator("#rack").count(), 0, "a spectator has no rack");
    const seen = await shownTiles(spectator);
    assert.deepEqual(seen.filter((t) => EAST_ONLY.includes(t)), [], `the spectator sees ${seen.join(" ")}`);
    await accessible(spectator, "a spectator at a set-up table");

    // The bots play West and North; the people let their discards go, until East's turn.
    const deadline = Date.now() + 60_000;
    for (;;) {
      assert.ok(Date.now() < deadline, `East's turn did not come: ${await next(east)} / ${await next(south)}`);
      for (const p of [east, south]) {
        if (/^Claim /.test(await next(p))) await p.click("#actions button:has-text('Let it go')").catch(() => {});
      }
      if (/^Your turn: pick a tile to discard/.test(await next(east))) break;
      await east.waitForTimeout(100);
    }
    // East picked the flower: a 6C for South's joker, then Mah Jongg.
    await east.click("#actions button:has-text(\"Give 6C for South's joker\")");
    await east.waitForFunction(() => [...document.querySelectorAll("#rack li")].some((li) => li.title === "Joker"));
    const stillHidden = await shownTiles(spectator);
    assert.deepEqual(stillHidden.filter((t) => EAST_ONLY.includes(t)), [], "the spectator still sees none of East's tiles");
    await east.click("#actions button:has-text('Mah Jongg!')");
    await east.waitForSelector("#end:not([hidden])");
    assert.match(await east.textContent("#end"), /East won with/);
    await east.waitForSelector("#points table");
    assert.equal(await east.locator("#points tbody tr").count(), 4, await east.textContent("#points"));
    for (const t of ["1B", "WD", "9C", "5D"]) {
      assert.ok((await east.$$eval("#end-body .tile[data-tile]", (s) => s.map((e) => e.dataset.tile))).includes(t), `every rack at the end: ${t}`);
    }
    await accessible(east, "the end of a set-up game");
    await atPhone(east, "position-end-phone");
    // After the game everyone may see every rack: the spectator too.
    await spectator.waitForSelector("#end:not([hidden])");
    assert.ok((await shownTiles(spectator)).includes("WD"), "the spectator sees East's rack at the end");
    await screenshot(spectator, "watch-end");

    // South's link opened on another device (the replay's context) asks
    // first; only "Play here instead" moves the seat, and the first page
    // then says so and stays put (issue 33.5).
    await replay.goto(links[1]);
    await replay.waitForSelector("#play-here:not([hidden])");
    assert.match(await replay.textContent("#connection"), /open on another device\. Play here instead\?/);
    await accessible(replay, "a seat open on another device");
    assert.match(await south.textContent("#connection"), /^Connected: you are South/, "the first device still plays");
    await replay.click("#play-here");
    await replay.waitForFunction(() => /^Connected: you are South/.test(document.getElementById("connection").textContent));
    await south.waitForSelector("#play-here:not([hidden])");
    assert.match(await south.textContent("#connection"), /now played on another device/);
    await south.waitForTimeout(2000); // no reconnect takes the seat back
    assert.match(await replay.textContent("#connection"), /^Connected: you are South/);

    // The replay and the log: set up from a position, never a verified wall.
    await replay.goto(`${URL}/play/${id}/replay`);
    const check = await replay.textContent("#wall-check");
    assert.match(check, /Set up from a position: this wall was not drawn/);
    assert.doesNotMatch(check, /A fair wall|verify-wall/);
    await accessible(replay, "the replay of a set-up game");
    await replay.goto(`${URL}/play/${id}/replay?move=1`);
    assert.match(await replay.textContent("#move-words"), /east declares Mah Jongg in error \(not shown\)/i);
    await replay.goto(`${URL}/play/${id}/replay?move=2`);
    assert.match(await replay.textContent("#move-words"), /east discards 6C/i);
    // The replay draws each tile with its face (issue 33.1), named by its code.
    const replayFaces = await replay.$$eval(".replay-rack .tile", (ts) =>
      ts.map((t) => [t.dataset.tile, t.querySelector("svg[role=img]")?.getAttribute("aria-label")]));
    assert.ok(replayFaces.length >= 13, JSON.stringify(replayFaces));
    for (const [code, label] of replayFaces) assert.ok(label.startsWith(`${code}, `), `${code}: ${label}`);
    await screenshot(replay, "replay-faces");
    await atPhone(replay, "replay-faces-phone");
    const log = await replay.request.get(`${URL}/play/${id}/log.jsonl`);
    assert.equal(log.status(), 200);
    const first = JSON.parse((await log.text()).split("\n")[0]);
    assert.equal(first.position, POSITION);
    assert.equal(first.fair_wall, undefined, "no fair wall in the log of a set-up game");
    assert.deepEqual(errors, [], "no script errors");
  } catch (e) {
    // What each page showed when it failed, to say where.
    for (const p of browser.contexts().flatMap((c) => c.pages())) {
      const shown = await p.evaluate(() => [document.querySelector("#next-step, .form-error, h1")?.textContent,
        document.getElementById("refused")?.textContent, document.querySelector(".form-error")?.textContent]).catch(() => []);
      e.message += `\n${p.url()}: ${JSON.stringify(shown)}`;
    }
    e.message += `\nscript errors: ${JSON.stringify(errors)}`;
    throw e;
  } finally {
    await browser.close();
  }
});
