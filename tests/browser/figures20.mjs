// The figures of BENCHMARKS.md, "Event day at 200 players (issue 20)": not
// a test, a measurement that runs on the code before issue 20 as well (it
// needs no page of it). On a fresh server (JONGG_URL, JONGG_SETUP):
//   bash -c '. scripts/serve-fresh.sh; ROOT=$PWD; serve_fresh figures;
//     cd tests/browser && JONGG_URL=$URL JONGG_SETUP=$SETUP_LINK node figures20.mjs'
// 200 players, round 1 seated (round control), then started with every
// game of its 50 tables entered, signed and accepted (the audit log).
import { launch } from "./lib.mjs";

const URL = process.env.JONGG_URL;
const SETUP = process.env.JONGG_SETUP;
const PASSWORD = "mahjong-table-9";
const SEATS = ["east", "south", "west", "north"];

const browser = await launch();
try {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await ctx.newPage();
  await page.goto(SETUP);
  await page.fill("#password", PASSWORD);
  await page.fill("#confirm", PASSWORD);
  await page.click("button[type=submit]");
  await page.waitForURL(/\/login/);
  await page.fill("#password", PASSWORD);
  await page.click("button[type=submit]");
  await page.waitForURL(/\/director$/);
  const api = (method, path, body, key) => page.evaluate(async ([method, path, body, key]) => {
    const headers = { "Content-Type": "application/json" };
    if (key) headers.Authorization = `Bearer ${key}`;
    const r = await fetch(path, { method, headers, credentials: key ? "omit" : "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await r.text();
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text}`);
    return text ? JSON.parse(text) : {};
  }, [method, path, body, key]);
  const height = () => page.evaluate(() => document.documentElement.scrollHeight);

  const { id } = await api("POST", "/api/tournaments", { name: "Figures", rules: { kind: "preset", name: "standard" }, rounds: 4 });
  const csv = "number,name\n" + Array.from({ length: 200 }, (_, i) => `${i + 1},Player Number ${i + 1}`).join("\n");
  await api("POST", `/director/t/${id}/players.csv`, { csv });
  await api("POST", `/api/tournaments/${id}/rounds/1/seat`, { method: { kind: "by_number" } });
  const t = `/api/tournaments/${id}`;

  await page.goto(`${URL}/director/t/${id}/players`);
  console.log(`players page at 1366 px: ${await height()} px tall`);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true,
    storageState: await ctx.storageState() });
  const ph = await phone.newPage();
  await ph.goto(`${URL}/director/t/${id}/players`);
  const [h, w] = await ph.evaluate(() => [document.documentElement.scrollHeight, document.documentElement.scrollWidth]);
  console.log(`players page at 390 px: ${h} px tall, ${w} px wide`);
  await phone.close();

  await page.goto(`${URL}/director/t/${id}`);
  const start = await page.locator("button:has-text('Start round 1')").boundingBox();
  const tiles = await page.locator("ul.tiles").boundingBox();
  console.log(`round control at 1366 px: "Start round 1" at ${Math.round(start.y)} px, the tiles at ${Math.round(tiles.y)} px, page ${await height()} px`);

  await api("POST", `${t}/rounds/1/start`, {});
  for (let table = 1; table <= 50; table++) {
    const { token } = await api("GET", `${t}/rounds/1/tables/${table}/link`);
    for (let g = 1; g <= 4; g++) {
      const entry = { kind: "points", points: { east: 30, south: -10, west: -10, north: -10 }, mah_jongg: "east" };
      await api("PUT", `${t}/rounds/1/tables/${table}/games/${g}`, { entry }, token);
    }
    for (const seat of SEATS) await api("POST", `${t}/rounds/1/tables/${table}/sign`, { seat }, token);
    await api("POST", `${t}/rounds/1/tables/${table}/accept`, {});
  }
  await page.goto(`${URL}/director/t/${id}/audit`);
  const rows = await page.locator("tbody tr[class^=audit-]").count();
  console.log(`audit log at 1366 px (${rows} rows shown): ${await height()} px tall`);
  await page.goto(`${URL}/director/t/${id}`);
  const close = await page.locator("button:has-text('Close round 1')").boundingBox();
  const tiles2 = await page.locator("ul.tiles").boundingBox();
  console.log(`round control at 1366 px: "Close round 1" at ${Math.round(close.y)} px, the tiles at ${Math.round(tiles2.y)} px`);

  const hall = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const pj = await hall.newPage();
  await pj.goto(`${URL}/t/${id}/projector`);
  await pj.waitForFunction(() => document.getElementById("proj").dataset.pages);
  const p = await pj.evaluate(() => ({
    pages: Number(document.getElementById("proj").dataset.pages),
    rows: document.querySelectorAll(".proj-screen:not([hidden]) .proj-view tbody tr").length,
    text: parseFloat(getComputedStyle(document.querySelector(".proj-screen:not([hidden]) .proj-view tbody td")).fontSize),
    seconds: Number(document.getElementById("proj").dataset.seconds),
  }));
  console.log(`projector at 1920x1080 (no ?columns): ${p.rows} rows a page, ${p.pages} pages (a ${p.pages * p.seconds} s cycle), text ${p.text} px`);
} finally {
  await browser.close();
}
