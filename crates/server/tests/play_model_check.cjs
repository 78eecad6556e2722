// Folds each seat's events with play_table.js and compares the model with
// the engine's view after every move (tests/play_model.rs writes the lines).
// Usage: node play_model_check.cjs PLAY_TABLE_JS TRACES
"use strict";
const T = require(process.argv[2]);
const fs = require("fs");
const readline = require("readline");
const models = {};
let bad = 0, checked = 0, corrected = 0;
const sitKind = (m, me) => {
  if (m.phase === "over") return "over";
  if (m.phase === "charleston") return "charleston";
  if (m.phase === "setup") return "waiting";
  const st = m.step;
  if (st.kind === "turn") return st.seat === me ? "my_turn" : "waiting";
  if (st.kind === "pick") return st.seat === me ? "must_pick" : "waiting";
  if (st.kind === "window") return (st.tile && st.from !== me && T.live(m, me)) ? "window" : "waiting";
  if (st.kind === "error") return "mah_jongg_in_error";
  return "waiting";
};
// The public situation's kind the spectator's model is in.
const publicKind = (m) => {
  if (m.phase === "over" || m.phase === "setup" || m.phase === "charleston") return m.phase;
  return { turn: "turn", pick: "pick", window: "window", error: "mah_jongg_in_error" }[m.step.kind] || m.step.kind;
};
const canon = (v) => Array.isArray(v) ? v.map(canon) : v && typeof v === "object" ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon(v[k])])) : v;
const eq = (a, b) => JSON.stringify(canon(a)) === JSON.stringify(canon(b));
// A spectator's model against the public view.
function spectator(r) {
  const key = `${r.game}spectator`;
  if (!models[key]) models[key] = T.fromPublic(0, null);
  const m = models[key];
  for (const [at, e] of r.events) T.apply(m, at, e);
  const s = r.public;
  const diffs = [];
  if (m.hand.length) diffs.push(["hand", m.hand]);
  if (!eq(m.exposures, s.exposures)) diffs.push(["exposures", m.exposures, s.exposures]);
  if (!eq(m.floor, s.floor)) diffs.push(["floor"]);
  if (!eq(m.rackLen, s.rack_len)) diffs.push(["rack_len", m.rackLen, s.rack_len]);
  if (m.wallLeft !== s.wall_left) diffs.push(["wall", m.wallLeft, s.wall_left]);
  if (!eq(m.dead, s.dead)) diffs.push(["dead", m.dead, s.dead]);
  const aw = Object.fromEntries(T.SEATS.map((x) => [x, T.awaiting(m, x)]));
  if (!eq(aw, s.awaiting)) diffs.push(["awaiting", aw, s.awaiting, m.phase, m.step, s.situation]);
  if (publicKind(m) !== s.situation.kind) diffs.push(["situation", publicKind(m), s.situation, m.step]);
  const f = T.fromPublic(r.events.length ? r.events[r.events.length - 1][0] : m.at, s);
  const awf = Object.fromEntries(T.SEATS.map((x) => [x, T.awaiting(f, x)]));
  if (!eq(awf, s.awaiting)) diffs.push(["fromPublic awaiting", awf, s.awaiting, s.situation]);
  if (publicKind(f) !== s.situation.kind) diffs.push(["fromPublic situation", publicKind(f), s.situation]);
  return [diffs, () => { models[key] = T.fromPublic(m.at, s); }];
}
(async () => {
  const rl = readline.createInterface({ input: fs.createReadStream(process.argv[3]) });
  for await (const line of rl) {
    const r = JSON.parse(line);
    if (r.public) {
      const [diffs, again] = spectator(r);
      checked++;
      if (diffs.length) {
        bad++;
        if (bad <= 8) console.log(`game ${r.game}, a spectator, after ${JSON.stringify(r.events.map((x) => x[1].event))}: ${JSON.stringify(diffs).slice(0, 900)}`);
        again();
      }
      continue;
    }
    const key = r.game + r.seat;
    if (!models[key]) models[key] = T.fromView(r.seat, 0, null);
    const m = models[key];
    for (const [at, e] of r.events) T.apply(m, at, e);
    const s = r.snap;
    const diffs = [];
    if (!eq([...m.hand].sort(), [...s.hand].sort())) diffs.push(["hand", m.hand, s.hand]);
    if (!eq(m.exposures, s.exposures)) diffs.push(["exposures", m.exposures, s.exposures]);
    if (!eq(m.floor, s.floor)) diffs.push(["floor"]);
    if (!eq(m.rackLen, s.rack_len)) diffs.push(["rack_len", m.rackLen, s.rack_len]);
    if (m.wallLeft !== s.wall_left) diffs.push(["wall", m.wallLeft, s.wall_left]);
    if (!eq(m.dead, s.dead)) diffs.push(["dead", m.dead, s.dead]);
    const aw = Object.fromEntries(T.SEATS.map((x) => [x, T.awaiting(m, x)]));
    if (!eq(aw, s.awaiting)) diffs.push(["awaiting", aw, s.awaiting, m.phase, m.step, s.situation]);
    const k = sitKind(m, r.seat);
    if (k !== s.situation.kind) diffs.push(["situation", k, s.situation, m.step]);
    if (s.situation.kind === "charleston" && (m.pass !== s.situation.pass)) diffs.push(["pass", m.pass, s.situation]);
    if (s.situation.kind === "window" && m.step.tile !== s.situation.tile) diffs.push(["window tile", m.step.tile, s.situation]);
    // The corrections offered are those the engine accepts (standard 16D).
    if (r.corrections) {
      const offered = T.corrections(m, r.seat).map((c) => [c.naturals, c.jokers]);
      if (!eq(offered.sort(), [...r.corrections].sort())) diffs.push(["corrections", offered, r.corrections, m.step]);
      corrected++;
    }
    // A view read afresh says who is awaited as the engine does.
    const f = T.fromView(r.seat, r.events.length ? r.events[r.events.length-1][0] : m.at, s);
    const awf = Object.fromEntries(T.SEATS.map((x) => [x, T.awaiting(f, x)]));
    if (!eq(awf, s.awaiting)) diffs.push(["fromView awaiting", awf, s.awaiting, s.situation]);
    checked++;
    if (diffs.length) {
      bad++;
      if (bad <= 8) console.log(`game ${r.game}, ${r.seat}, after ${JSON.stringify(r.events.map((x) => x[1].event))}: ${JSON.stringify(diffs).slice(0, 900)}`);
      models[key] = T.fromView(r.seat, m.at, s); // start again from the view, to find more
    }
  }
  console.log(`${checked} views compared (${corrected} with an exposure open to correction), ${bad} differ`);
  if (bad || checked === 0 || corrected === 0) process.exit(1);
})();
