// Event day at 200 players (issue 20, points 2 to 4), as a director alone
// runs it: a laptop (1366x768), phones (390x844), a projector (1920x1080).
//  - 20.2: a score page already open follows the director's pause and a
//    15-minute extension within about 2 s (the change feed, the clock read
//    again), as does the floor page; at time called the large digits are
//    whole on a phone and on the projector.
//  - 20.3: an official logging in at /login lands on their floor page.
//  - 20.4: the players page a page of 50 (its height at 1366 and 390 px),
//    "Start round" above the 50 tiles, and 40 rows or more a projector page.
// The figures are printed (`# figure ...`) for BENCHMARKS.md.
import { test } from "node:test";
import assert from "node:assert/strict";
import { launch, accessible, watch, pageWidth, overflowing, screenshot } from "./lib.mjs";

const URL = process.env.JONGG_URL;
const SETUP = process.env.JONGG_SETUP;
const PASSWORD = "mahjong-table-9";
const PLAYERS = 200;
const LAPTOP = { viewport: { width: 1366, height: 768 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const HALL = { viewport: { width: 1920, height: 1080 } };

const figure = (name, value) => console.log(`# figure ${name}: ${value}`);

// The director's laptop, logged in (the setup link when this file runs alone).
async function directorLogin(browser, errors) {
  const ctx = await browser.newContext(LAPTOP);
  const page = await ctx.newPage();
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
  await page.fill("#password", PASSWORD);
  await page.click("button[type=submit]");
  await page.waitForURL(/\/director$/);
  return { ctx, page };
}

// A request to the API from the director's page (its session), answered JSON.
function api(page, method, path, body) {
  return page.evaluate(async ([method, path, body]) => {
    const r = await fetch(path, { method, credentials: "same-origin",
      headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await r.text();
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text}`);
    return text ? JSON.parse(text) : {};
  }, [method, path, body]);
}

// A tournament of 200 players, round 1 seated by number (started `ago` ms
// ago unless `start` is false).
async function event(page, name, { start = true, ago = 0 } = {}) {
  const { id } = await api(page, "POST", "/api/tournaments",
    { name, rules: { kind: "preset", name: "standard" }, rounds: 4 });
  // Long names and clubs: the list of who a substitute replaces is as wide
  // as the longest (it made the page 426 px wide on a phone).
  const csv = "number,name,club\n" + Array.from({ length: PLAYERS },
    (_, i) => `${i + 1},Łucja Ellis-Abramowitz Number ${i + 1},Mah Jongg Club of Greater Springfield`).join("\n");
  await api(page, "POST", `/director/t/${id}/players.csv`, { csv });
  await api(page, "POST", `/api/tournaments/${id}/rounds/1/seat`, { method: { kind: "by_number" } });
  if (start) await api(page, "POST", `/api/tournaments/${id}/rounds/1/start`, ago ? { at: Date.now() - ago } : {});
  return id;
}

// Seconds left as a clock shows them ("53:47").
const seconds = (text) => { const [m, s] = text.trim().split(":").map(Number); return m * 60 + s; };

// The large clock's digits lie inside its coloured box (not cut in half),
// and the box within the screen's width.
async function whole(page, box, what) {
  const r = await page.evaluate((sel) => {
    const b = document.querySelector(sel).getBoundingClientRect();
    const d = document.querySelector(`${sel} .clock`).getBoundingClientRect();
    return { b: [b.top, b.bottom, b.right], d: [d.top, d.bottom], w: window.innerWidth };
  }, box);
  assert.ok(r.d[0] >= r.b[0] - 1 && r.d[1] <= r.b[1] + 1, `${what}: the digits inside the red box (${JSON.stringify(r)})`);
  assert.ok(r.b[2] <= r.w, `${what}: within the screen (${JSON.stringify(r)})`);
}

test("event day at 200 players: live clocks, an official's login, long lists", { timeout: 600_000 }, async () => {
  assert.ok(URL && SETUP, "JONGG_URL and JONGG_SETUP must be set (scripts/browser-tests.sh does it)");
  const browser = await launch();
  const errors = [];
  try {
    const { ctx: director, page } = await directorLogin(browser, errors);
    const id = await event(page, "Event day", { start: false });
    const dash = `${URL}/director/t/${id}`;

    // 20.4: the players page, 50 a page, on the laptop and on a phone.
    await page.goto(`${dash}/players`);
    assert.equal(await page.locator("table.players tbody tr").count(), 50);
    figure("players page height at 1366 px", await page.evaluate(() => document.documentElement.scrollHeight));
    await accessible(page, "players page, page 1 of 4");
    await page.click("nav.pager >> text=Next page");
    await page.waitForSelector("tr#p51");
    await page.fill("#pq", "Number 117");
    await page.click("form.search button[type=submit]");
    await page.waitForSelector("tr#p117");
    assert.equal(await page.locator("table.players tbody tr").count(), 1);
    const small = await browser.newContext({ ...PHONE, storageState: await director.storageState() });
    const ph = await small.newPage();
    watch(ph, errors);
    await ph.goto(`${dash}/players`);
    const wide = await pageWidth(ph);
    figure("players page at 390 px", `${await ph.evaluate(() => document.documentElement.scrollHeight)} px tall, ${wide} px wide`);
    assert.ok(wide <= 390, `the players page fits a phone (${wide} px: ${await overflowing(ph, 390)})`);
    await accessible(ph, "players page on a phone");
    await ph.locator("#p1").evaluate((r) => r.scrollIntoView());
    await screenshot(ph, "eventday-players-phone");
    await ph.click("#large-type");
    const large = await pageWidth(ph);
    assert.ok(large <= 390, `in large type too (${large} px: ${await overflowing(ph, 390)})`);
    await ph.click("#large-type");

    // 20.4: "Start round 1" before the 50 tiles.
    await page.goto(dash);
    const startAt = (await page.locator("button:has-text('Start round 1')").boundingBox()).y;
    const tilesAt = (await page.locator("ul.tiles").boundingBox()).y;
    assert.ok(startAt < tilesAt, `Start round above the tiles (${startAt} < ${tilesAt})`);
    figure("round control: Start round 1 at", `${Math.round(startAt)} px (the tiles at ${Math.round(tilesAt)} px)`);
    await api(page, "POST", `/api/tournaments/${id}/rounds/1/start`, {});

    // 20.2: table 1's score page on a phone, open while the director acts.
    const link = await api(page, "GET", `/api/tournaments/${id}/rounds/1/tables/1/link`);
    const phone = await browser.newContext(PHONE);
    const sk = await phone.newPage();
    watch(sk, errors);
    await sk.goto(link.url);
    await sk.waitForSelector(".score-clock [data-clock][data-state=running]");
    // Its first reading from the feed (on connecting).
    await sk.waitForFunction(() => document.querySelector(".score-clock [data-clock]").dataset.followed);
    const clockText = () => sk.textContent(".score-clock .clock");
    const paused = Date.now();
    await api(page, "POST", `/api/tournaments/${id}/rounds/1/clock`, { action: { kind: "pause" }, reason: "a fire drill" });
    await sk.waitForSelector(".score-clock [data-clock].state-paused", { timeout: 2500 });
    figure("score page shows the pause after", `${Date.now() - paused} ms`);
    const still = await clockText();
    await sk.waitForTimeout(2200);
    assert.equal(await clockText(), still, "a paused clock stands still");
    await api(page, "POST", `/api/tournaments/${id}/rounds/1/clock`, { action: { kind: "resume" }, reason: "drill over" });
    await sk.waitForSelector(".score-clock [data-clock].state-running", { timeout: 2500 });
    const before = seconds(await clockText());
    const extended = Date.now();
    await api(page, "POST", `/api/tournaments/${id}/rounds/1/clock`, { action: { kind: "extend", minutes: 15 }, reason: "a late start" });
    await sk.waitForFunction((b) => {
      const [m, s] = document.querySelector(".score-clock .clock").textContent.split(":").map(Number);
      return m * 60 + s >= b + 15 * 60 - 5;
    }, before, { timeout: 2500 });
    figure("score page shows a 15-minute extension after", `${Date.now() - extended} ms`);
    const server = await api(page, "GET", `/api/tournaments/${id}/rounds/1/clock`);
    const shown = seconds(await clockText());
    assert.ok(Math.abs(shown - server.clock.left_ms / 1000) <= 3, `the phone agrees with the server (${shown} s, ${server.clock.left_ms} ms)`);
    await accessible(sk, "score page after an extension");

    // 20.3: the official logs in at /login and lands on the floor page,
    // which shows the clock and follows it.
    await api(page, "POST", `/api/tournaments/${id}/officials`,
      { number: 1, name: "Floor one", tables: [1, 2, 3], username: "floorone", password: "floor one password" });
    const octx = await browser.newContext(PHONE);
    const off = await octx.newPage();
    watch(off, errors);
    await off.goto(`${URL}/login`);
    await off.fill("#username", "floorone");
    await off.fill("#password", "floor one password");
    await off.click("button[type=submit]");
    await off.waitForURL(new RegExp(`/floor/t/${id}$`));
    await off.waitForSelector(".floor-clock [data-clock][data-state=running]");
    await off.waitForFunction(() => document.querySelector(".floor-clock [data-clock]").dataset.followed);
    await api(page, "POST", `/api/tournaments/${id}/rounds/1/clock`, { action: { kind: "pause" }, reason: "a question" });
    await off.waitForSelector(".floor-clock [data-clock].state-paused", { timeout: 2500 });
    await sk.waitForSelector(".score-clock [data-clock].state-paused", { timeout: 2500 });
    await accessible(off, "floor page with the clock");
    await octx.close();

    // 20.4: the projector at 1920x1080 with no ?columns: 40 rows or more, 22 px or more.
    const hall = await browser.newContext(HALL);
    const pj = await hall.newPage();
    watch(pj, errors);
    await pj.goto(`${URL}/t/${id}/projector`);
    await pj.waitForFunction(() => document.getElementById("proj").dataset.pages);
    const proj = await pj.evaluate(() => ({
      pages: Number(document.getElementById("proj").dataset.pages),
      height: document.documentElement.scrollHeight,
      rows: document.querySelectorAll(".proj-screen:not([hidden]) .proj-view tbody tr").length,
      text: parseFloat(getComputedStyle(document.querySelector(".proj-screen:not([hidden]) .proj-view tbody td")).fontSize),
    }));
    figure("projector at 1920x1080", `${proj.rows} rows a page, ${proj.pages} pages, text ${proj.text} px`);
    assert.ok(proj.rows >= 40, `40 rows or more a page (${proj.rows})`);
    assert.ok(proj.text >= 22, `text read from the back of the hall (${proj.text} px)`);
    assert.ok(proj.height <= 1080, `no scrolling (${proj.height})`);
    await accessible(pj, "projector, columns as the screen allows");
    await screenshot(pj, "eventday-projector");

    // 20.2: time called (a round started 70 minutes ago): the digits whole.
    const late = await event(page, "Time called", { ago: 70 * 60_000 });
    await pj.goto(`${URL}/t/${late}/projector`);
    await pj.waitForSelector(".proj-clock [data-clock].state-time_called");
    await whole(pj, ".proj-clock .round-clock", "projector at time called");
    await screenshot(pj, "eventday-projector-time-called");
    const lateLink = await api(page, "GET", `/api/tournaments/${late}/rounds/1/tables/1/link`);
    await sk.goto(lateLink.url);
    await sk.waitForSelector(".score-clock [data-clock].state-time_called");
    await whole(sk, ".score-clock .round-clock", "phone at time called");
    const phoneWide = await pageWidth(sk);
    assert.ok(phoneWide <= 390, `the score page at time called fits a phone (${phoneWide})`);
    await screenshot(sk, "eventday-phone-time-called");
    await hall.close();
    await phone.close();
    await small.close();
    await director.close();
    assert.deepEqual(errors, [], "no script errors on any page");
  } finally {
    await browser.close();
  }
});
