// Drives jongg's web pages in a real browser (Debian's headless Chromium at
// /usr/bin/chromium, through playwright-core; nothing downloads a browser):
// a 16-player, 4-round tournament from the director's setup to the final
// standings, every game entered on the table's score page (table 1 of round
// 1 on a phone-sized viewport), one amendment with a reason, the standings
// checked against the points the score page showed, and the PDF checked.
// Every kind of page is also checked by axe-core against WCAG 2.1 A and AA
// (contrast, names and labels, keyboard focus order, landmarks).
//
// scripts/browser-tests.sh starts jongg and sets JONGG_URL and JONGG_SETUP.
import { test } from "node:test";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

const URL = process.env.JONGG_URL;
const SETUP = process.env.JONGG_SETUP;
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const SEATS = ["east", "south", "west", "north"];
// JONGG_SHOTS=dir saves screenshots of a few pages there (to look at them).
const SHOTS = process.env.JONGG_SHOTS;
const shot = (page, name) => SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true }) : null;
const PASSWORD = "mahjong-table-9";

// The game played at table t, game g of round r: a Mah Jongg by discard,
// a self-picked one, or a wall game, spread over the seats.
function gameOf(r, t, g) {
  const k = r * 7 + t * 3 + g;
  // R8: a shown false Mah Jongg, two others exposed: the one intact hand +10.
  if (r === 2 && t === 2 && g === 3) {
    const declarer = SEATS[k % 4];
    const others = SEATS.filter((s) => s !== declarer);
    return { result: "mahjong_in_error", declarer, exposed: others.slice(0, 2), intact: others[2], value: 30 };
  }
  // Two conduct penalties for one seat in a wall game (R7; standard 6, 11A).
  if (r === 4 && t === 3 && g === 1) return { result: "wall", penalties: [["east", "blind_pass_peek"], ["east", "hidden_wall_tail"]] };
  if (k % 9 === 4) return { result: "wall" };
  const winner = SEATS[k % 4];
  const value = [25, 30, 35, 50][(r + t + g) % 4];
  if (k % 5 === 0) return { result: "mahjong", winner, value, self_picked: true };
  const discarder = SEATS[(k + 1 + (g % 3)) % 4];
  // A rarer hand, from the form's folded part: Singles and Pairs (no exposures).
  if (r === 3 && t === 1 && g === 2) return { result: "mahjong", winner, value, discarder, exposures: 0, singles_and_pairs: true };
  // A hand dead after an earlier Mah Jongg in error in a game that went on
  // scores 0, not standard's -10 for a dead hand (R6, R8).
  if (r === 3 && t === 4 && g === 4) {
    const other = SEATS.find((s) => s !== winner && s !== discarder);
    return { result: "mahjong", winner, value, discarder, exposures: 1, dead: [[other, "mahjong_in_error"]] };
  }
  return { result: "mahjong", winner, value, discarder, exposures: (r + g) % 3 };
}

async function fillGame(page, game) {
  await page.check(`input[name=result][value=${game.result}]`);
  if (game.result === "mahjong") {
    await page.selectOption("#f-winner", game.winner);
    await page.fill("#f-value", String(game.value));
    if (game.self_picked) await page.check("#f-self_picked");
    else await page.uncheck("#f-self_picked");
    if (game.discarder) await page.selectOption("#f-discarder", game.discarder);
    await page.fill("#f-exposures", String(game.exposures || 0));
    if (game.singles_and_pairs) {
      await page.$eval("#rare", (d) => { d.open = true; });
      await page.check("#f-singles_and_pairs");
    }
  }
  if (game.dead) {
    await page.$eval("details:has(#f-dead)", (d) => { d.open = true; });
    for (const [seat, why] of game.dead) await page.selectOption(`#f-dead-${seat}`, why);
  }
  if (game.penalties) {
    await page.$eval("details:has(#f-penalties)", (d) => { d.open = true; });
    for (const [seat, kind] of game.penalties) await page.check(`input[name=penalty][data-seat=${seat}][value=${kind}]`);
  }
  if (game.result === "mahjong_in_error") {
    await page.selectOption("#f-declarer", game.declarer);
    await page.fill("#f-value", String(game.value));
    for (const s of game.exposed) await page.check(`input[name=exposed][value=${s}]`);
  }
}

// axe-core's WCAG 2.1 A and AA rules on the page as it is now; `what` names
// it in the failure. Fails on any violation.
const checked = new Set();
async function accessible(page, what) {
  if (checked.has(what)) return;
  checked.add(what);
  // Evaluated by the browser's driver, which the pages' Content-Security-Policy
  // does not restrict (a <script> tag added to the page would be refused).
  await page.evaluate(readFileSync(AXE, "utf8"));
  const result = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } }));
  const bad = result.violations.map((v) =>
    `${v.id} (${v.impact}): ${v.help}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("; ")}`);
  assert.deepEqual(bad, [], `${what}: accessibility`);
}

// Keyboard only, on a page just loaded: the first Tab reaches the skip
// link, and Tab alone then reaches `selector` (no trap, no mouse needed).
async function reachByTab(page, selector, what) {
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.className), "skip", `${what}: the first Tab is the skip link`);
  for (let i = 0; i < 120; i++) {
    if (await page.evaluate((sel) => document.activeElement === document.querySelector(sel), selector)) return;
    await page.keyboard.press("Tab");
  }
  assert.fail(`${what}: ${selector} is not reached with Tab`);
}

// The points the score page shows for the game being entered, by seat.
async function shownPoints(page, seats) {
  // The answer to the last change is in (the page marks the form ready).
  await page.waitForSelector("#game-form[data-state=ready]");
  await page.waitForFunction(() => [...document.querySelectorAll("[id^=pv-]")].every((c) => c.textContent !== "—"));
  const out = {};
  for (const s of seats) out[s] = Number((await page.textContent(`#pv-${s}`)).replace("+", ""));
  return out;
}

test("a 16-player, 4-round tournament through the pages", { timeout: 290_000 }, async () => {
  assert.ok(URL && SETUP, "JONGG_URL and JONGG_SETUP must be set (scripts/browser-tests.sh does it)");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const director = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await director.newPage();
    const errors = [];
    page.on("dialog", (d) => d.accept());
    page.on("pageerror", (e) => errors.push(e.message));
    // Anything the Content-Security-Policy blocks is an error of the page.
    const blocked = (m) => { if (/Content Security Policy/i.test(m.text())) errors.push(m.text()); };
    page.on("console", blocked);

    // Setup link, then login.
    await page.goto(SETUP);
    await accessible(page, "setup page");
    await page.fill("#password", PASSWORD);
    await page.click("button[type=submit]");
    await page.waitForURL(/\/login/);
    await page.fill("#password", "wrong password");
    await page.click("button[type=submit]");
    await page.waitForSelector(".form-error:has-text('wrong')");
    await accessible(page, "login page with an error");
    await page.fill("#password", PASSWORD);
    await page.click("button[type=submit]");
    await page.waitForURL(/\/director$/);
    await accessible(page, "director home");

    // Create: the preset's plain-language rules are on the page.
    await page.fill("#name", "Browser Spring Classic");
    await page.fill("#dates", "2026-03-14");
    await page.check("input[name=preset][value=standard]");
    assert.match(await page.textContent("#create"), /preset `standard`/);
    await page.fill("#rounds", "4");
    await page.click("#create button[type=submit]");
    await page.waitForURL(/\/director\/t\/\d+$/);
    const id = Number(page.url().split("/").pop());
    const dash = `${URL}/director/t/${id}`;

    // One player by the form, fifteen by CSV (with a header and a quoted club).
    await page.fill("#p-number", "1");
    await page.fill("#p-name", "Ada Abrams");
    await page.fill("#p-club", "Temple Beth Emeth");
    await page.click("#register button[type=submit]");
    await page.waitForSelector("td:has-text('Ada Abrams')");
    const names = ["Bea Brown", "Cy Chen", "Dot Diaz", "Eve Ellis", "Flo Fox", "Gus Gold", "Hal Hart",
      "Ida Ives", "Jo Jones", "Kit Kahn", "Lou Lark", "Mo Moss", "Ned Nash", "Ora Oates", "Pat Page"];
    const csv = "number,name,club\n" + names.map((n, i) => `${i + 2},${n},"Club, ${i % 3}"`).join("\n");
    // A bad line first: nothing is registered and the line is named.
    await page.fill("#players-csv", csv + "\nx,Nobody");
    await page.click("#upload button[type=submit]");
    await page.waitForSelector("#upload .form-error:has-text('line 17')");
    await page.fill("#players-csv", csv);
    await page.click("#upload button[type=submit]");
    await page.waitForSelector("td:has-text('Pat Page')");
    assert.equal(await page.locator("#players-h").textContent(), "Players (16)");

    const tally = {}; // player number -> points as the score page showed them
    const nameOf = { 1: "Ada Abrams" };
    names.forEach((n, i) => { nameOf[i + 2] = n; });
    let amended = false;

    for (let r = 1; r <= 4; r++) {
      await page.goto(dash);
      if (r === 1) await reachByTab(page, "#seat-form button[type=submit]", "dashboard");
      if (r === 1) await page.selectOption("#method", "random");
      else await page.selectOption("#method", "movement");
      await page.click("#seat-form button[type=submit]");
      await page.waitForSelector(`#round-${r}`);
      if (r === 1) await page.waitForSelector("#warn-h");
      await page.click(`text=Start round ${r}`);
      await page.waitForSelector(`#round-${r}:has-text('under way')`);
      await accessible(page, "dashboard, round under way");

      // The table cards carry each table's scorekeeper link.
      await page.goto(`${dash}/print/round/${r}/cards`);
      const links = await page.$$eval("section p", (ps) => ps.map((p) => p.textContent).filter((t) => t.includes("/score?key=")));
      assert.equal(links.length, 4, "four table cards");
      assert.equal(await page.locator(".qr svg").count(), 4, "each card has a QR code");
      await accessible(page, "table cards");

      for (let t = 1; t <= 4; t++) {
        const phone = r === 1 && t === 1;
        const ctx = await browser.newContext(phone
          ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
          : { viewport: { width: 1024, height: 800 } });
        const sk = await ctx.newPage();
        sk.on("pageerror", (e) => errors.push(e.message));
        sk.on("console", blocked);
        await sk.goto(links[t - 1]);
        await sk.waitForSelector(`h1:has-text('Table ${t}')`);
        if (phone) await reachByTab(sk, "#save", "score page");
        // Who sits where, from the sheet's heading.
        const seatNos = {};
        for (const s of SEATS) {
          const hint = await sk.textContent(`#f-winner option[value=${s}]`);
          const name = hint.split(": ")[1];
          seatNos[s] = Number(Object.keys(nameOf).find((k) => nameOf[k] === name));
        }
        if (phone) {
          // An error shows beside its field: a value with no winner.
          await sk.fill("#f-value", "25");
          await sk.waitForSelector("#err-winner:not(:empty)");
          const wide = await sk.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(wide <= 390, `the score page fits a phone (scrollWidth ${wide})`);
        }
        for (let g = 1; g <= 4; g++) {
          assert.equal(await sk.inputValue("#f-game"), String(g));
          const game = gameOf(r, t, g);
          await fillGame(sk, game);
          const pts = await shownPoints(sk, SEATS);
          if (phone && g === 1) await shot(sk, "score-phone");
          if (phone && g === 1) await accessible(sk, "score page on a phone");
          if (game.result === "mahjong_in_error") await shot(sk, "score-in-error");
          if (game.result === "mahjong_in_error") await accessible(sk, "score page, Mah Jongg in error");
          if (game.discarder) {
            // standard 13: the winner scores at least the card value;
            // standard 13.5: the thrower loses points; R2: the others none.
            assert.ok(pts[game.winner] >= game.value, `winner ${JSON.stringify(pts)}`);
            assert.ok(pts[game.discarder] < 0, `thrower ${JSON.stringify(pts)}`);
            for (const s of SEATS) if (s !== game.winner && s !== game.discarder) assert.equal(pts[s], 0);
          }
          if (game.penalties) {
            // A wall game (+10 each), east -10 for the peek and 0 for the wall tail.
            for (const s of SEATS) assert.equal(pts[s], s === "east" ? 0 : 10, `penalties ${JSON.stringify(pts)}`);
            const explain = await sk.textContent("#explain");
            assert.match(explain, /looked at a blind-passed tile/);
            assert.match(explain, /hid the tail of the wall/);
          }
          if (game.result === "mahjong_in_error") {
            // R8, standard 17D: the one intact hand +10, everyone else 0.
            for (const s of SEATS) assert.equal(pts[s], s === game.intact ? 10 : 0, `in error ${JSON.stringify(pts)}`);
          }
          for (const s of SEATS) tally[seatNos[s]] = (tally[seatNos[s]] || 0) + pts[s];
          await sk.click("#save");
          await sk.waitForSelector(`#game-${g} td:not(:has(.hint))`);
        }
        // Every seat signs what the rules give it to check.
        for (const s of SEATS) {
          await sk.click(`button.sign[data-seat=${s}]`);
          await sk.waitForSelector(`li:has-text('${s[0].toUpperCase() + s.slice(1)} (') strong`);
        }
        assert.match(await sk.textContent("#sheet-state"), /signed/);
        await ctx.close();
      }

      await page.goto(dash);
      if (r === 1) await shot(page, "dashboard");
      for (let t = 1; t <= 4; t++) {
        await page.click(`text=Accept table ${t}`);
        await page.waitForSelector(`#r${r}t${t} .state-accepted`);
      }

      if (r === 2 && !amended) {
        // Amend game 1 of table 1: the director, with a reason.
        await page.goto(`${dash}/r/2/table/1`);
        await page.selectOption("#f-game", "1");
        const before = await shownPoints(page, SEATS);
        const seatNos = {};
        for (const s of SEATS) {
          const name = (await page.textContent(`#f-winner option[value=${s}]`)).split(": ")[1];
          seatNos[s] = Number(Object.keys(nameOf).find((k) => nameOf[k] === name));
        }
        await page.check("input[name=result][value=mahjong]");
        await page.selectOption("#f-winner", "north");
        await page.fill("#f-value", "40");
        await page.uncheck("#f-self_picked");
        await page.selectOption("#f-discarder", "east");
        await page.fill("#f-exposures", "0");
        await page.waitForFunction(() => document.querySelector("#explain li"));
        const after = await shownPoints(page, SEATS);
        await page.click("#save");
        await page.waitForSelector("#err-reason:not(:empty)"); // a reason is required
        await accessible(page, "amendment with an error");
        await page.fill("#f-reason", "East and North swapped their sheet entries");
        // The page reloads once the API accepted the amendment.
        const [amendAnswer] = await Promise.all([
          page.waitForResponse((r) => r.url().includes("/games/1/amend")),
          page.waitForEvent("framenavigated"),
          page.click("#save"),
        ]);
        assert.equal(amendAnswer.status(), 200);
        await page.waitForLoadState("load");
        for (const s of SEATS) tally[seatNos[s]] += after[s] - before[s];
        amended = true;
        await page.goto(`${dash}/audit`);
        await page.waitForSelector("tr.audit-amended:has-text('swapped their sheet entries')");
        await accessible(page, "audit log");
      }

      await page.goto(dash);
      await page.click(`text=Close round ${r}`);
      await page.waitForSelector(`#round-${r}:has-text('closed')`);
    }

    // Public standings: every player's total is what the score pages showed.
    const pub = await browser.newContext();
    const sp = await pub.newPage();
    await sp.goto(`${URL}/t/${id}`);
    assert.match(await sp.textContent("#status"), /Final standings/);
    await shot(sp, "standings");
    await accessible(sp, "standings");
    const rows = await sp.$$eval("tr[data-player]", (trs) => trs.map((tr) => ({
      n: Number(tr.dataset.player), points: Number(tr.querySelector(".points-total").textContent),
      rank: Number(tr.cells[0].textContent) })));
    assert.equal(rows.length, 16);
    for (const row of rows) assert.equal(row.points, tally[row.n], `player #${row.n}'s total`);
    for (let i = 1; i < rows.length; i++) assert.ok(rows[i - 1].points >= rows[i].points, "best first");
    assert.equal(rows[0].rank, 1);

    // A player's page has each round's table, seat and game scores.
    await sp.goto(`${URL}/t/${id}/players/${rows[0].n}`);
    assert.equal(Number(await sp.textContent("#points")), rows[0].points);
    assert.equal(await sp.locator("tbody tr").count(), 4);
    await accessible(sp, "player page");
    await sp.goto(`${URL}/t/${id}/projector`);
    await sp.waitForSelector("#ps-h");
    await shot(sp, "projector");
    await accessible(sp, "projector");
    await page.goto(`${dash}/print`);
    await accessible(page, "printables");

    // The standings as PDF and CSV.
    const pdf = await page.request.get(`${dash}/print/standings.pdf`);
    assert.equal(pdf.headers()["content-type"], "application/pdf");
    const bytes = await pdf.body();
    assert.equal(bytes.subarray(0, 5).toString(), "%PDF-");
    const text = bytes.toString("latin1");
    assert.ok(text.includes("Final standings"), "the PDF says final standings");
    assert.ok(text.includes(nameOf[rows[0].n]), "the leader is in the PDF");
    const csvText = await (await sp.request.get(`${URL}/t/${id}/standings.csv`)).text();
    // rank,number,name,club,... with "Club, 1" quoted: read the quotes.
    const first = [...csvText.split("\r\n")[1].matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1]);
    assert.equal(Number(first[1]), rows[0].n);
    assert.equal(Number(first[5]), rows[0].points);

    // The settings form (R15): a longer round, saved and shown.
    await page.goto(dash);
    await page.click("#settings summary");
    await accessible(page, "dashboard with the settings open");
    assert.ok(await page.isDisabled("#s-games"), "games per round are fixed after round 1");
    await page.fill("#s-minutes", "75");
    await page.click("#settings-form button[type=submit]");
    await page.waitForSelector("p:has-text('75 minutes a round')");
    // A substitute takes a player's place: the player leaves, scores kept.
    await page.selectOption("#sub-out", "16");
    await page.fill("#sub-number", "17");
    await page.fill("#sub-name", "Quinn Quade");
    await page.click("#substitute button[type=submit]");
    await page.waitForSelector("td:has-text('Quinn Quade')");
    assert.match(await page.textContent("section[aria-labelledby=players-h] tr:has-text('Pat Page')"), /withdrawn/);
    await pub.close();
    await director.close();
    assert.deepEqual(errors, [], "no script errors on any page");
  } finally {
    await browser.close();
  }
});
