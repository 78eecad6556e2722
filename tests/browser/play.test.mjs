// A person at a live table with three bots (issue 23.5), in a real browser:
// the practice form starts the table and sends the person to their seat;
// the person plays the whole game by clicking tiles and buttons (three
// tiles passed at each pass of the Charleston, one blind on the first left
// where R17 allows it, no courtesy tiles, a tile discarded on each turn,
// every discard let go) until the page shows the end of the game. The first
// turn is also shown on a phone-sized and a projector-sized window. After
// the game, the replay before the deal and the coach's view (issue 33.5).
// Each state is checked by axe-core; screenshots under target/browser-screenshots (and
// docs/guide with JONGG_GUIDE_SHOTS=1).
//
// scripts/browser-tests.sh starts jongg and sets JONGG_URL.
import { test } from "node:test";
import assert from "node:assert/strict";
import { launch, accessible, watch, screenshot, pageWidth, overflowing } from "./lib.mjs";

const URL = process.env.JONGG_URL;
const next = (page) => page.textContent("#next-step");

// Selects `n` tiles of the rack that are not jokers, by clicking them.
async function selectTiles(page, n) {
  const tiles = page.locator("#rack li");
  const count = await tiles.count();
  let picked = 0;
  for (let i = 0; i < count && picked < n; i++) {
    const t = tiles.nth(i);
    if ((await t.getAttribute("title")) === "Joker") continue;
    if ((await t.getAttribute("aria-selected")) === "true") { picked++; continue; }
    await t.click();
    picked++;
  }
  return picked;
}

test("a person plays a whole game against three bots by clicking", { timeout: 600_000 }, async () => {
  assert.ok(URL, "JONGG_URL must be set (scripts/browser-tests.sh does it)");
  const browser = await launch();
  const errors = [];
  try {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    watch(page, errors);

    // The practice form: you in East, three medium bots, the shortest window.
    await page.goto(`${URL}/play/new`);
    await accessible(page, "the practice form");
    await page.selectOption("#rules", "standard");
    await page.fill("#window_secs", "3");
    await Promise.all([page.waitForURL(/\/play\/[A-Za-z0-9_-]+\?seat=east&token=/), page.click("#new-table button[type=submit]")]);
    const seatLink = page.url();

    // The first pass: three tiles to the right, chosen by keyboard.
    await page.waitForFunction(() => /Pass three tiles to the right/.test(document.getElementById("next-step").textContent), null, { timeout: 30_000 });
    await accessible(page, "the first pass of the Charleston");
    // Each rack tile is its face (issue 33.1): an <svg role="img"> named by
    // its code and words, drawn from the sprite /assets/tiles.svg.
    await page.waitForFunction(() => [...document.querySelectorAll("#rack li use")].every((u) => u.getBBox().width > 0),
      null, { timeout: 10_000 });
    const faces = await page.$$eval("#rack li", (lis) => lis.map((li) => ({ code: li.dataset.tile,
      name: li.querySelector("svg[role=img]")?.getAttribute("aria-label"), href: li.querySelector("use")?.getAttribute("href") })));
    assert.ok(faces.length >= 13, `a dealt rack: ${faces.length}`);
    for (const f of faces) {
      assert.match(f.name, new RegExp(`^${f.code}, \\S`), `a tile named by its code: ${JSON.stringify(f)}`);
      assert.equal(f.href, `/assets/tiles.svg#t-${f.code}`);
    }
    assert.ok(await page.getByRole("option", { name: `${faces[0].code}, ` }).first().isVisible(), "the rack's tile by its accessible name");
    await screenshot(page, "play-charleston", "14-play-charleston");
    await page.focus("#rack li[tabindex='0']");
    let chosen = 0;
    for (let i = 0; chosen < 3 && i < 14; i++) {
      const title = await page.evaluate(() => document.activeElement.getAttribute("title"));
      if (title !== "Joker") { await page.keyboard.press("Enter"); chosen++; }
      await page.keyboard.press("ArrowRight");
    }
    assert.equal(await page.locator("#rack li[aria-selected=true]").count(), 3, "three selected by keyboard");
    await page.click("#actions button:not(.secondary)");

    const seen = new Set();
    let blindDone = false;
    const deadline = Date.now() + 540_000;
    while (!(await page.isVisible("#end"))) {
      assert.ok(Date.now() < deadline, `the game did not end: ${await next(page)}`);
      const text = await next(page);
      const button = page.locator("#actions > button:not([disabled])");
      let acted = true;
      if (/^Pass three tiles/.test(text)) {
        seen.add("pass");
        // R17 (standard): one blind tile on the first left.
        if (!blindDone && (await page.locator("#blind").count())) {
          await page.selectOption("#blind", "1");
          blindDone = true;
          seen.add("blind");
        }
        const need = 3 - Number((await page.locator("#blind").inputValue().catch(() => "0")) || 0);
        await selectTiles(page, need);
        await page.locator("#actions > button").first().click();
      } else if (/^Courtesy pass/.test(text)) {
        seen.add("courtesy");
        await page.click("text=Offer none");
      } else if (/^Your turn: pick a tile to discard/.test(text)) {
        if (!seen.has("turn")) {
          await accessible(page, "the player's turn");
          await screenshot(page, "play-turn", "15-play-turn");
          // The same turn on a phone and on a projector.
          for (const [w, h, name] of [[390, 844, "phone"], [1920, 1080, "projector"]]) {
            await page.setViewportSize({ width: w, height: h });
            assert.ok((await pageWidth(page)) <= w, `${name}: ${await overflowing(page, w)}`);
            await screenshot(page, `play-turn-${name}`, `15-play-turn-${name}`);
            await accessible(page, `the player's turn on a ${name}`);
          }
          await page.setViewportSize({ width: 1280, height: 900 });
        }
        seen.add("turn");
        await page.locator("#rack li").last().click();
        await page.locator("#actions > button", { hasText: /^Discard / }).click();
      } else if (/^Claim /.test(text)) {
        if (!seen.has("claim")) await accessible(page, "a discard to claim");
        seen.add("claim");
        // The button, not a log line that says someone let a tile go; the
        // window may close (3 s) while the page is busy: the loop goes on.
        await page.locator("#actions > button", { hasText: /^Let it go$/ }).click({ timeout: 5_000 }).catch(() => {});
      } else if (/false Mah Jongg/.test(text) && (await button.count())) {
        await page.click("text=I kept my hand");
      } else if (/^Expose/.test(text)) {
        await button.first().click();
      } else {
        await page.waitForTimeout(100);
        acted = false;
      }
      // A refusal is shown in words; none is expected in this game.
      const refusal = await page.textContent("#refused");
      assert.equal(refusal, "", `a move was refused at "${text}"`);
      // After a move, its echo from the table before the next look: on a
      // busy machine the same step still showing would be answered twice.
      if (acted) {
        await page.waitForFunction((t) => document.getElementById("next-step").textContent !== t, text, { timeout: 5000 })
          .catch(() => {});
      }
      await page.waitForTimeout(30);
    }
    for (const step of ["pass", "blind", "turn", "claim"]) assert.ok(seen.has(step), `the game went through: ${step}`);
    const endText = await page.textContent("#end");
    assert.match(endText, /won with|wall game|false Mah Jongg|Every hand is dead/, endText);
    // The points of every seat, with the preset's reasons (POST /play/points).
    await page.waitForSelector("#points table", { timeout: 10_000 });
    assert.equal(await page.locator("#points tbody tr").count(), 4, await page.textContent("#points"));
    assert.ok((await page.locator("#points li").count()) >= 1, await page.textContent("#points"));
    await page.screenshot({ path: `${process.env.JONGG_SCREENSHOTS || "/tmp"}/play-end-full.png`, fullPage: true });
    await accessible(page, "the end of the game");
    await screenshot(page, "play-end", "16-play-end");
    await page.setViewportSize({ width: 390, height: 844 });
    assert.ok((await pageWidth(page)) <= 390, `the end on a phone: ${await overflowing(page, 390)}`);
    await screenshot(page, "play-end-phone", "17-play-end-phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    // The page's model, folded from a whole game's events, equals the
    // view the table sends a new connection of the same seat: one that
    // takes the seat over (issue 33.5), so the page says it stopped.
    const [folded, fresh] = await page.evaluate(() => new Promise((resolve, reject) => {
      const m = window.JonggTable.current();
      const q = new URLSearchParams(location.search);
      const table = document.getElementById("table");
      const ws = new WebSocket(`ws://${location.host}${table.dataset.ws}`);
      ws.onopen = () => ws.send(JSON.stringify({ v: 1, type: "hello", table: table.dataset.table, token: q.get("token"), take_over: true }));
      ws.onmessage = (e) => {
        const msg = JSON.parse(e.data);
        if (msg.type === "view") { ws.close(); resolve([m, msg.view]); }
        if (msg.type === "refused") reject(new Error(msg.words));
      };
      setTimeout(() => reject(new Error("no view")), 10000);
    }));
    const sorted = (t) => [...t].sort();
    assert.deepEqual(sorted(folded.hand), sorted(fresh.hand), "the rack");
    assert.deepEqual(folded.exposures, fresh.exposures, "the exposures");
    assert.deepEqual(folded.floor, fresh.floor, "the discards");
    assert.deepEqual(folded.rackLen, fresh.rack_len, "the racks' sizes");
    assert.equal(folded.wallLeft, fresh.wall_left, "the wall");
    assert.deepEqual(folded.dead, fresh.dead, "the dead hands");
    assert.equal(fresh.situation.kind, "over");
    await page.waitForSelector("#play-here:not([hidden])");
    assert.match(await page.textContent("#connection"), /now played on another device/);

    // The replay before the deal and the coach's view pass axe (issue 33.5);
    // the discards under a rack say "Threw:".
    const id = new globalThis.URL(seatLink).pathname.split("/")[2];
    await page.goto(`${URL}/play/${id}/replay?move=1`);
    assert.equal(await page.locator(".replay-rack").count(), 4);
    await accessible(page, "the replay at move 1");
    const total = await page.getAttribute("#replay-move", "data-total");
    await page.goto(`${URL}/play/${id}/replay?seat=east&move=${total}`);
    await page.waitForSelector("#coach");
    assert.match(await page.textContent(".racks"), /Threw:/);
    await accessible(page, "the coach's view of East");
    assert.deepEqual(errors, [], "no script errors");
  } finally {
    await browser.close();
  }
});
