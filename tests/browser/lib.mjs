// What the browser tests share: the browser, the accessibility check, the
// watch on script errors, the phone-width check and the screenshots.
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { createRequire } from "node:module";
import { readFileSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

export async function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           // The hall's address (scripts/browser-tests.sh, issue 20.1): a name
           // that is not loopback to the browser, served on this machine.
           "--host-resolver-rules=MAP hall.test 127.0.0.1"],
  });
}

// axe-core's WCAG 2.1 A and AA rules and its best practices (landmarks,
// heading order, all content in regions, ...) on the page as it is now;
// `what` names the state in the failure. Fails on any violation.
let runs = 0;
export const axeRuns = () => runs;
export async function accessible(page, what) {
  // Evaluated by the browser's driver, which the pages' Content-Security-Policy
  // does not restrict (a <script> tag added to the page would be refused).
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(readFileSync(AXE, "utf8"));
  const result = await page.evaluate(() =>
    window.axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
    }));
  const bad = result.violations.map((v) =>
    `${v.id} (${v.impact}): ${v.help}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("; ")}`);
  assert.deepEqual(bad, [], `${what}: accessibility`);
  runs += 1;
}

// Script errors, and anything the pages' Content-Security-Policy blocks, are
// errors of the page: collected in `errors`, asserted empty at the end.
export function watch(page, errors) {
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => { if (/Content Security Policy/i.test(m.text())) errors.push(m.text()); });
}

// The page's width as laid out: wider than the viewport means the phone
// scrolls sideways.
export const pageWidth = (page) => page.evaluate(() => document.documentElement.scrollWidth);

// The elements that reach past the right edge of a `width` px viewport, the
// innermost first (to name in a failure: what to fix).
export const overflowing = (page, width) => page.evaluate((w) =>
  [...document.querySelectorAll("body *")]
    .filter((e) => e.getBoundingClientRect().right > w + 0.5 && ![...e.children].some((c) => c.getBoundingClientRect().right > w + 0.5))
    .slice(0, 5)
    .map((e) => `<${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""}${e.className ? "." + String(e.className).split(" ").join(".") : ""}> ends at ${Math.round(e.getBoundingClientRect().right)} px`), width);

// Screenshots, of the viewport only: every one into JONGG_SCREENSHOTS (the
// test's artefacts; scripts/browser-tests.sh sets target/browser-screenshots),
// and those given a guide name also into JONGG_GUIDE_DIR (docs/guide) when
// JONGG_GUIDE_SHOTS=1 (scripts/guide-shots.sh).
const SHOTS = process.env.JONGG_SCREENSHOTS || resolve(import.meta.dirname, "../../target/browser-screenshots");
const GUIDE = process.env.JONGG_GUIDE_SHOTS === "1"
  ? (process.env.JONGG_GUIDE_DIR || resolve(import.meta.dirname, "../../docs/guide")) : null;
export async function screenshot(page, name, guideName) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  if (GUIDE && guideName) {
    mkdirSync(GUIDE, { recursive: true });
    await page.screenshot({ path: `${GUIDE}/${guideName}.png` });
  }
}
