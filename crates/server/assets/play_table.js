// The live table as one seat sees it (issue 23.5): built from the table's
// `view` and changed by each `event` as crates/game's State::apply changes
// the engine's state, for this seat's share of it (docs/play-protocol.md,
// docs/game.md). Pure: no page, no socket; play.js draws it.
"use strict";
(function (root) {
  const SEATS = ["east", "south", "west", "north"];
  const next = (s) => SEATS[(SEATS.indexOf(s) + 1) % 4];
  const across = (s) => SEATS[(SEATS.indexOf(s) + 2) % 4];
  const prev = (s) => SEATS[(SEATS.indexOf(s) + 3) % 4];
  const bySeat = (f) => Object.fromEntries(SEATS.map((s) => [s, f(s)]));

  // Racks are sorted as docs/notation.md prints them: Dots, Bams, Craks,
  // winds E S W N, dragons Red Green White, Flowers, Jokers.
  const HONOURS = ["E", "S", "W", "N", "RD", "GD", "WD", "F", "J"];
  function rank(t) {
    const suit = "DBC".indexOf(t[1]);
    if (/^[1-9][DBC]$/.test(t)) return suit * 10 + Number(t[0]);
    return 100 + HONOURS.indexOf(t);
  }
  const sortTiles = (tiles) => [...tiles].sort((a, b) => rank(a) - rank(b));

  const SUITS = { D: "Dot", B: "Bam", C: "Crak" };
  const NAMES = { E: "East wind", S: "South wind", W: "West wind", N: "North wind", RD: "Red dragon",
    GD: "Green dragon", WD: "White dragon (Soap)", F: "Flower", J: "Joker" };
  // A tile in words, for screen readers and the log: "5 Bam".
  function tileName(t) {
    if (/^[1-9][DBC]$/.test(t)) return `${t[0]} ${SUITS[t[1]]}`;
    return NAMES[t] || t;
  }

  // The pass after `pass` as the engine orders them (state.rs, Passed).
  function passAfter(table, pass) {
    if (pass === "second_right") return table.courtesy_pass ? "courtesy" : null;
    if (pass === "first_left" && !table.second_charleston) return table.courtesy_pass ? "courtesy" : null;
    const order = ["first_right", "first_across", "first_left", "second_left", "second_across", "second_right", "courtesy"];
    const i = order.indexOf(pass);
    return i >= 0 && i < order.length - 1 ? order[i + 1] : null;
  }
  // Who a pass goes to.
  function receiver(pass, seat) {
    if (/right/.test(pass)) return next(seat);
    if (/left/.test(pass)) return prev(seat);
    return across(seat);
  }
  // R17: blind tiles allowed on this pass, at most the preset's number.
  function blindAllowed(table, pass) {
    const on = (pass === "first_left" && table.blind_first_left) || (pass === "second_right" && table.blind_last_right);
    return on ? Math.min(3, table.blind_max) : 0;
  }

  const present = (m, s) => Boolean(m.table && m.table.present[s]);
  const live = (m, s) => present(m, s) && !m.dead[s];
  function removeOne(list, t) {
    const i = list.lastIndexOf(t);
    if (i >= 0) list.splice(i, 1);
  }

  function empty(me) {
    return { me, table: null, hand: [], myPass: null, exposures: bySeat(() => []), rackLen: bySeat(() => 0),
      dead: bySeat(() => null), floor: [], wallLeft: 0, phase: "setup", pass: null,
      chosen: bySeat(() => false), blind: bySeat(() => 0), step: null, open: null, at: 0,
      winner: null, outcome: null, racks: null, penalties: [], stoppedBy: null };
  }

  function startPlay(m) {
    m.phase = "play";
    m.pass = null;
    m.step = { kind: "turn", seat: m.table.dealer, began: "dealt", mustExpose: null, made: null };
  }

  function startPass(m, pass) {
    m.phase = "charleston";
    m.pass = pass;
    m.chosen = bySeat((s) => !present(m, s));
    m.blind = bySeat(() => 0);
    m.myPass = null;
  }

  // Standard 5E: every seat waits on another's blind tile; East passes
  // three from the rack (view.rs, east_completes).
  function eastCompletes(m) {
    return m.phase === "charleston" && m.pass !== "courtesy" &&
      SEATS.every((s) => !present(m, s) || (m.chosen[s] && m.blind[s] > 0));
  }

  // The model from a `view` message: `at` and the snapshot (null before the deal).
  function fromView(me, at, v) {
    const m = empty(me);
    m.at = at;
    if (!v) return m;
    Object.assign(m, { table: v.table, hand: [...v.hand], myPass: v.my_pass, exposures: v.exposures,
      rackLen: v.rack_len, dead: v.dead, floor: v.floor.map((f) => [...f]), wallLeft: v.wall_left });
    const sit = v.situation;
    switch (sit.kind) {
      case "charleston":
        m.phase = "charleston";
        m.pass = sit.pass;
        m.chosen = bySeat((s) => (s === me ? sit.chosen : !v.awaiting[s]));
        break;
      case "my_turn":
        m.phase = "play";
        m.step = { kind: "turn", seat: me, began: sit.begun ? "picked" : "dealt", mustExpose: sit.must_expose, made: sit.made };
        break;
      case "must_pick":
        m.phase = "play";
        m.step = { kind: "pick", seat: me };
        break;
      case "window":
        m.phase = "play";
        window_(m, at, v, sit.answer);
        break;
      case "mah_jongg_in_error":
        m.phase = "play";
        m.step = { kind: "error", declarer: sit.declarer, answers: bySeat((s) => (v.awaiting[s] ? null : false)) };
        break;
      case "waiting":
        m.phase = "play";
        // Nobody named but seats awaited: a window this seat cannot call
        // (its own discard, or its hand is dead).
        if (sit.on === null && SEATS.some((s) => v.awaiting[s])) window_(m, at, v, "decline");
        else m.step = { kind: "waiting", on: sit.on };
        break;
      case "over":
        m.phase = "over";
        break;
    }
    return m;
  }

  // The model of a spectator from a `public_view` (no rack, no seat of its
  // own: `me` is null, so every private field of the events stays unknown).
  function fromPublic(at, v) {
    const m = empty(null);
    m.at = at;
    if (!v) return m;
    Object.assign(m, { table: v.table, exposures: v.exposures, rackLen: v.rack_len, dead: v.dead,
      floor: v.floor.map((f) => [...f]), wallLeft: v.wall_left });
    const sit = v.situation;
    switch (sit.kind) {
      case "charleston":
        m.phase = "charleston";
        m.pass = sit.pass;
        m.chosen = bySeat((s) => !v.awaiting[s]);
        break;
      case "turn":
        m.phase = "play";
        m.step = { kind: "turn", seat: sit.seat, began: sit.begun ? "picked" : "dealt", mustExpose: sit.must_expose, made: sit.made };
        break;
      case "pick":
        m.phase = "play";
        m.step = { kind: "pick", seat: sit.seat };
        break;
      case "window":
        m.phase = "play";
        window_(m, at, v, null);
        break;
      case "mah_jongg_in_error":
        m.phase = "play";
        m.step = { kind: "error", declarer: sit.declarer, answers: bySeat((s) => (v.awaiting[s] ? null : false)) };
        break;
      case "over":
        m.phase = "over";
        break;
    }
    return m;
  }

  // The end (`final`): how the game ended and every seat's concealed rack.
  function final_(m, outcome, racks) {
    m.outcome = outcome;
    m.racks = racks;
    m.phase = "over";
    return m;
  }

  // A claim window as a view shows it. The situation names the discard
  // (`at`, issue 34.9); a server without it leaves a guess: the events
  // since it are the answers of the seats no longer awaited (a claim names
  // it; play.js steps back if the guess is wrong).
  function window_(m, at, v, mine) {
    const last = m.floor.length - 1;
    // A discarded joker covers the tile before it unless the table says not (R16).
    const open = last >= 1 && m.floor[last][1] === "J" && !m.table.joker_covers ? last - 1 : last;
    m.open = open >= 0 ? open : null;
    const [from, tile] = m.open === null ? [null, null] : m.floor[m.open];
    const answered = SEATS.filter((s) => s !== from && live(m, s) && !v.awaiting[s]).length;
    const named = v.situation && Number.isInteger(v.situation.at);
    m.step = { kind: "window", tile, from, discarder: m.floor[last] && m.floor[last][0], discardAt: named ? v.situation.at : at - answered, guessed: !named,
      answers: bySeat((s) => (s === m.me ? (v.awaiting[s] ? null : mine || "decline") : v.awaiting[s] ? null : "decline")) };
  }

  // Changes `m` by the table's event number `at` (state.rs, State::apply).
  function apply(m, at, e) {
    m.at = at;
    const me = m.me;
    const mine = (s) => s === me;
    const step = m.step || {};
    switch (e.event) {
      case "began": {
        Object.assign(m, empty(me), { table: e.table, at, wallLeft: 152 });
        break;
      }
      case "dealt":
      case "arranged": {
        m.hand = [...(e.hands[me] || [])];
        const seated = SEATS.filter((s) => present(m, s));
        for (const s of seated) m.rackLen[s] = s === m.table.dealer ? 14 : 13;
        if (e.event === "dealt") m.wallLeft -= 13 * seated.length + 1;
        const charleston = seated.length === 4 || m.table.three_player_charleston;
        if (e.event === "dealt" && charleston) startPass(m, "first_right");
        else startPlay(m);
        break;
      }
      case "pass_chosen":
        m.chosen[e.seat] = true;
        m.blind[e.seat] = e.blind;
        if (mine(e.seat)) m.myPass = e.tiles;
        break;
      case "passed": {
        for (const t of e.gave[me] || []) removeOne(m.hand, t);
        for (const t of e.kept[me] || []) m.hand.push(t);
        const after = passAfter(m.table, e.pass);
        if (after) startPass(m, after);
        else startPlay(m);
        break;
      }
      case "charleston_stopped":
        m.stoppedBy = e.by;
        if (m.table.courtesy_pass) startPass(m, "courtesy");
        else startPlay(m);
        break;
      case "picked":
        if (mine(e.seat) && e.tile) m.hand.push(e.tile);
        m.rackLen[e.seat] += 1;
        m.wallLeft -= 1;
        m.phase = "play";
        m.step = { kind: "turn", seat: e.seat, began: "picked", mustExpose: null, made: null, picked: mine(e.seat) ? e.tile : null };
        break;
      case "discarded": {
        if (mine(e.seat)) removeOne(m.hand, e.tile);
        m.rackLen[e.seat] -= 1;
        m.floor.push([e.seat, e.tile]);
        if (!m.table.last_discard_callable && m.wallLeft === 0) m.open = null;
        else if (e.tile !== "J") m.open = m.floor.length - 1;
        else if (m.table.joker_covers) m.open = null;
        const callable = m.open === null ? null : m.floor[m.open];
        const can = (s) => callable && s !== callable[0] && s !== e.seat && live(m, s);
        m.step = { kind: "window", tile: callable && callable[1], from: callable && callable[0], discarder: e.seat,
          discardAt: at, answers: bySeat((s) => (can(s) ? null : "decline")) };
        break;
      }
      case "answered":
        if (step.kind === "window") step.answers[e.seat] = e.answer;
        break;
      case "withdrew":
        if (step.kind === "window") step.answers[e.seat] = null;
        break;
      case "took":
        if (step.kind === "window" && m.open !== null) m.floor.splice(m.open, 1);
        m.open = null;
        if (mine(e.seat)) m.hand.push(e.tile);
        m.rackLen[e.seat] += 1;
        m.step = { kind: "turn", seat: e.seat, began: "claimed", mustExpose: e.tile, made: null, from: e.from };
        break;
      case "next":
        m.step = { kind: "pick", seat: e.seat };
        break;
      case "exposed": {
        const x = e.exposure;
        if (mine(e.seat)) {
          for (let i = 0; i < x.naturals; i++) removeOne(m.hand, x.tile);
          for (let i = 0; i < x.jokers; i++) removeOne(m.hand, "J");
        }
        m.exposures[e.seat].push(x);
        if (step.kind === "turn") Object.assign(step, { mustExpose: null, made: m.exposures[e.seat].length - 1 });
        break;
      }
      case "corrected": {
        if (step.kind !== "turn" || step.made === null) break;
        const old = m.exposures[e.seat][step.made];
        const x = e.exposure;
        if (mine(e.seat)) {
          for (let i = 0; i < old.naturals; i++) m.hand.push(old.tile);
          for (let i = 0; i < old.jokers; i++) m.hand.push("J");
          for (let i = 0; i < x.naturals; i++) removeOne(m.hand, x.tile);
          for (let i = 0; i < x.jokers; i++) removeOne(m.hand, "J");
        }
        m.exposures[e.seat][step.made] = x;
        break;
      }
      case "joker_exchanged": {
        const x = m.exposures[e.owner][e.exposure];
        if (x) { x.jokers -= 1; x.naturals += 1; }
        if (mine(e.seat)) { removeOne(m.hand, e.tile); m.hand.push("J"); }
        break;
      }
      case "false_mah_jongg":
        if (e.shown) {
          m.dead[e.seat] = "mah_jongg_in_error";
          m.step = { kind: "error", declarer: e.seat, answers: bySeat((s) => (s !== e.seat && live(m, s) ? null : false)) };
        } else if (step.kind === "window") step.answers[e.seat] = "decline";
        break;
      case "error_answered":
        if (e.threw_in) m.dead[e.seat] = "exposed_in_error";
        if (step.kind === "error") step.answers[e.seat] = e.threw_in;
        break;
      case "dead":
        m.dead[e.seat] = e.reason;
        if (step.kind === "window") step.answers[e.seat] = "decline";
        if (step.kind === "error" && step.answers[e.seat] === null) step.answers[e.seat] = false;
        break;
      case "penalty":
        m.penalties.push({ seat: e.seat, kind: e.kind });
        break;
      case "mah_jongg":
        if (e.from && step.kind === "window" && m.open !== null) { // won on the discard: it joins the rack
          const [tile] = m.floor.splice(m.open, 1).map(([, t]) => t);
          m.rackLen[e.seat] += 1;
          if (mine(e.seat)) m.hand.push(tile);
        }
        m.winner = { seat: e.seat, from: e.from, hand: e.hand, win: e.win };
        m.phase = "over";
        break;
      case "ended":
        m.outcome = e.outcome;
        m.phase = "over";
        break;
    }
    return m;
  }

  // Whether the table waits on `s` (state.rs, awaiting).
  function awaiting(m, s) {
    if (m.phase === "charleston") return !m.chosen[s] || (s === m.table.dealer && eastCompletes(m));
    if (m.phase !== "play" || !m.step) return false;
    const st = m.step;
    if (st.kind === "turn" || st.kind === "pick") return st.seat === s;
    if (st.kind === "window" || st.kind === "error") return st.answers[s] === null;
    return st.kind === "waiting" && st.on === s;
  }

  // The corrections `me` may make to the exposure made this turn, before
  // discarding (standard 16D, game.rs check_exposure): another group of the
  // same tile, 3 to 6 tiles, from the exposure's tiles and the rack's.
  // Each is the `correct` action's numbers (naturals beside the claimed
  // tile, jokers) and the group's size; none when no exposure is open.
  function corrections(m, me) {
    const st = m.step;
    if (m.phase !== "play" || !st || st.kind !== "turn" || st.seat !== me || st.mustExpose || st.made === null || st.made === undefined) return [];
    const x = m.exposures[me][st.made];
    if (!x || x.tile === "J") return [];
    const naturals = x.naturals + m.hand.filter((t) => t === x.tile).length - 1; // beside the claimed tile
    const jokers = x.jokers + m.hand.filter((t) => t === "J").length;
    const out = [];
    for (let size = 3; size <= 6; size++) {
      for (let n = Math.min(naturals, size - 1); n >= 0; n--) {
        const j = size - 1 - n;
        if (j > jokers || (n + 1 === x.naturals && j === x.jokers)) continue;
        out.push({ naturals: n, jokers: j, size });
      }
    }
    return out;
  }

  const api = { SEATS, next, prev, across, sortTiles, tileName, receiver, blindAllowed, fromView, fromPublic,
    final: final_, apply, awaiting, eastCompletes, live, corrections };
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.JonggTable = api;
})(this);
