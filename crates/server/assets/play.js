// A seat at a live table (issue 23.5): the WebSocket (docs/play-protocol.md),
// reconnecting by itself with the last message seen; the table drawn from
// play_table.js's model; the moves as buttons; a beep on your turn. Also the
// /play form that starts a practice table.
"use strict";
(function () {
  const T = window.JonggTable;
  const $ = (id) => document.getElementById(id);
  const SEAT_WORDS = { east: "East", south: "South", west: "West", north: "North" };
  const PASS_WORDS = { first_right: "to the right", first_across: "across", first_left: "to the left",
    second_left: "to the left", second_across: "across", second_right: "to the right", courtesy: "across" };
  const GROUP_NAMES = { 3: "Pung", 4: "Kong", 5: "Quint", 6: "Sextet" };
  const DEAD_WORDS = { cannot_make_hand: "dead: no line of the card can be made (R5)",
    wrong_dead_call: "dead: called a live hand dead (R5)", mah_jongg_in_error: "dead: false Mah Jongg shown (R8)",
    exposed_in_error: "dead: exposed after a false Mah Jongg (R8)" };
  const name = (s) => SEAT_WORDS[s] || s;
  const tiles = (list) => list.join(" ");
  const el = (tag, attrs, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (v !== false && v !== null && v !== undefined) e.setAttribute(k, v === true ? "" : v);
    }
    for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k);
    return e;
  };
  // A tile drawn with its face, named by its code and words (tiles.js).
  const tileEl = (t, tag = "span") => window.JonggTiles.face(t, tag);
  const groupEl = (x) => el("span", { class: "group" }, ...Array.from({ length: x.naturals }, () => tileEl(x.tile)),
    ...Array.from({ length: x.jokers }, () => tileEl("J")));

  // ---- The practice form (/play/new) ----
  const form = $("new-table");
  if (form) {
    // Set once the table is open: pressing Start again opens no second table.
    let opened = false;
    const start = form.querySelector("button[type=submit]");
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      // This form's own sender: jongg.js's generic one (wired after this) would
      // post it a second time, with its numbers as text.
      ev.stopImmediatePropagation();
      if (opened || start.disabled) return;
      start.disabled = true; // until the server answers
      const f = new FormData(form);
      // An empty seat is left out: a table of three (R12).
      const seats = Object.fromEntries(T.SEATS.map((s) => [s, f.get(`seats.${s}`)]).filter(([, v]) => v));
      const body = { rules: f.get("rules"), seats, window_secs: Number(f.get("window_secs")), turn_secs: Number(f.get("turn_secs")), stand_in: f.get("stand_in") };
      if (f.get("card")) body.card = f.get("card"); // practice, or a library card's id
      // The table's chat and its spectators, as the form sent without a script does.
      if (f.get("chat")) body.chat = f.get("chat") === "true";
      if (f.get("spectators") !== null && f.get("spectators") !== "") body.spectators = Number(f.get("spectators"));
      const position = (f.get("position") || "").trim();
      if (position) body.position = f.get("position"); // a practice table set up from it
      const error = form.querySelector(".form-error");
      error.textContent = "";
      try {
        const r = await fetch(form.dataset.api || form.getAttribute("action"), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
        const answer = await r.json().catch(() => ({}));
        if (!r.ok) throw new Error(answer.error || `the server answered ${r.status}`);
        // Each person seat's page (api/play.rs): {"seats": {"east": {"token", "page"}}},
        // named by its seat, in the order of play.
        const seatName = (s) => s[0].toUpperCase() + s.slice(1);
        const links = T.SEATS.filter((s) => answer.seats && answer.seats[s] && answer.seats[s].page).map((s) => [s, answer.seats[s].page]);
        if (links.length === 0) throw new Error("the answer named no seat");
        opened = true;
        if (links.length === 1) { location.assign(links[0][1]); return; }
        const box = $("links");
        box.querySelector("ul").replaceChildren(...links.map(([s, l], i) =>
          el("li", {}, el("a", { href: l }, i === 0 ? `Your seat (${seatName(s)})` : `The ${seatName(s)} seat`), ": ", el("code", {}, new URL(l, location.href).href))));
        box.hidden = false;
        start.textContent = "The table is open: its links are below";
      } catch (e) {
        error.textContent = `The table was not started: ${e.message}`;
        error.focus();
      } finally {
        start.disabled = opened;
      }
    });
  }

  // ---- The table (/play/{id}) ----
  const root = $("table");
  if (!root) return;
  const params = new URLSearchParams(location.search);
  // A spectator's page (/play/{id}/watch): no seat, no token, no moves.
  const watching = root.dataset.watch === "1";
  const me = watching ? null : params.get("seat");
  const token = params.get("token") || "";
  const tableId = root.dataset.table;
  // A tournament game's replay is its table's until its round is closed:
  // the seat's token goes with the end screen's links (issue 32.7).
  if (token) for (const a of document.querySelectorAll("#end a[href^='/play/']")) a.href += `?token=${encodeURIComponent(token)}`;
  let m = null;             // the model (play_table.js)
  let run = null, lastN = 0; // the last message seen, for a reconnect
  let ws = null, tries = 0, closedForGood = false, contributed = false;
  // Whether this page plays the seat: once welcomed (or asked to play here),
  // its reconnects take the seat over (the table may not yet have noticed
  // the old socket close); a fresh page asks first (issue 33.5).
  let takeOver = false;
  let order = [];           // the rack as arranged here; m.hand is the same tiles
  let selected = new Set(); // positions in `order`
  let focus = 0;
  let blind = 0;
  const clocks = {};        // the last clock message of each seat (and "window"), with when it came
  const standIn = {};       // seats a bot plays for now
  let players = {};         // who plays each seat: "person" or a bot's strength (the open tables' list)
  let pendingClaim = null;  // a claim sent with a guessed discard number
  let wasMyMove = false;
  let muted = localStorage.getItem("jongg-mute") === "1";
  let presence = {};        // who is at each seat (the table's `presence`)
  let spectators = 0;
  // Seats whose chat this player does not want to read (this browser only).
  const chatMuted = new Set(JSON.parse(localStorage.getItem("jongg-chat-mute") || "[]").filter((s) => T.SEATS.includes(s)));

  function say(text) { $("connection").textContent = text; }
  function log(text) {
    const list = $("log");
    list.append(el("li", {}, text));
    while (list.children.length > 300) list.firstChild.remove();
  }

  // ---- The socket ----
  function send(msg) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ v: 1, ...msg }));
  }
  function act(action, answers) {
    $("refused").textContent = "";
    selected.clear(); // the tiles chose this move; the next starts afresh
    send({ type: "act", answers: answers ?? m.at, action });
  }
  function connect() {
    if (!watching && (!me || !T.SEATS.includes(me) || !token)) {
      say("This address names no seat: open the link the table gave you (…?seat=east&token=…).");
      closedForGood = true;
      return;
    }
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(`${proto}//${location.host}${root.dataset.ws}`);
    ws.onopen = () => {
      // A spectator never resumes: each connection gets the whole public view.
      if (watching) { send({ type: "watch", table: tableId }); return; }
      const hello = { type: "hello", table: tableId, token };
      if (run !== null) hello.last_seen = { run, n: lastN };
      if (takeOver) hello.take_over = true;
      send(hello);
    };
    ws.onmessage = (e) => {
      heard = Date.now();
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      receive(msg);
    };
    ws.onclose = () => {
      ws = null;
      if (closedForGood) return;
      // Exponential backoff: 0.5 s, 1 s, 2 s ... at most 15 s.
      const wait = Math.min(15000, 500 * 2 ** tries++);
      say(`Connection lost: reconnecting… (in ${Math.ceil(wait / 1000)} s)`);
      setTimeout(connect, wait);
    };
  }
  // Keeps the line open and notices a dead one: a ping every 15 s, and a
  // connection silent 10 s after it is closed and opened again.
  let heard = Date.now();
  setInterval(() => {
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    const sent = Date.now();
    send({ type: "ping", id: sent });
    setTimeout(() => { if (ws && heard < sent) ws.close(); }, 10000);
  }, 15000);

  function receive(msg) {
    if (msg.n === 0 && msg.type === "refused") { // the hello was refused, or the seat moved
      closedForGood = true;
      takeOver = false;
      if (msg.code === "seat_open_elsewhere") say("This seat is open on another device. Play here instead? The other device then stops playing it.");
      else if (msg.code === "seat_taken_elsewhere") say("This seat is now played on another device: this page stopped. Play here instead?");
      else say(`The table refused ${watching ? "to let you watch" : "this seat"}: ${msg.words}`);
      $("play-here").hidden = !/^seat_(open|taken)_elsewhere$/.test(msg.code);
      if ($("play-here").hidden === false) $("play-here").focus();
      ws.close();
      return;
    }
    if (msg.type === "welcome") {
      takeOver = true;
      if (run !== msg.run) lastN = 0;
      run = msg.run;
      tries = 0;
      lastN = Math.max(lastN, msg.n);
      say(`Connected: you are ${name(msg.seat)}${msg.resumed ? " (caught up)" : ""}.`);
      return;
    }
    if (msg.type === "watching") { // a spectator's connection, numbered from 1
      run = msg.run;
      tries = 0;
      lastN = msg.n;
      say("Watching the table: you see what everyone may see, and every rack at the end.");
      return;
    }
    if (run !== null && msg.n <= lastN) return; // seen before this reconnect
    lastN = msg.n;
    switch (msg.type) {
      case "view": {
        const before = m;
        m = T.fromView(me, msg.at, msg.view);
        $("chat-lines").replaceChildren(); // the lines kept follow
        // A view of a finished game does not carry its result: keep the one seen.
        if (before && m.phase === "over" && before.phase === "over") Object.assign(m, { winner: before.winner, outcome: before.outcome, penalties: before.penalties });
        if (!msg.view && !contributed) { // our share of the fair wall (docs/play-protocol.md)
          const bytes = crypto.getRandomValues(new Uint8Array(16));
          send({ type: "contribute", bytes: [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("") });
          contributed = true;
        }
        break;
      }
      case "public_view":
        m = T.fromPublic(msg.at, msg.view);
        $("chat-lines").replaceChildren(); // the lines kept follow
        break;
      case "final":
        if (!m) m = T.fromView(me, 0, null);
        T.final(m, msg.outcome, msg.racks);
        break;
      case "presence":
        presence = msg.seats;
        spectators = msg.spectators;
        break;
      case "chat":
        chatLine(msg.seat, msg.text);
        break;
      case "event":
        if (!m) m = T.fromView(me, 0, null);
        T.apply(m, msg.at, msg.event);
        log(words(msg.event));
        // A wrong Mah Jongg said is refused in the action box; the clock
        // runs on (issue 33.5).
        if (msg.event.event === "false_mah_jongg" && msg.event.seat === me && !msg.event.shown) {
          $("refused").textContent = "Not Mah Jongg: the card makes no hand of these tiles. Nothing is lost (the hand was not shown, R8), but your clock runs on.";
        }
        break;
      case "refused":
        refused(msg);
        break;
      case "clock":
        clocks[msg.seat || "window"] = { ...msg, t0: performance.now() };
        break;
      case "stand_in":
        standIn[msg.seat] = msg.bot;
        log(msg.bot ? (msg.seat === me ? "A bot plays your seat for now: your next move takes it back." : `A bot plays ${name(msg.seat)} for now.`) : `${name(msg.seat)} is back.`);
        break;
      case "reveal":
        log(`The wall's seed is revealed: ${msg.proof.seed} (check the game with jongg verify-wall).`);
        break;
    }
    draw();
  }

  function refused(msg) {
    // A claim after a reconnect names the discard by a guess (the view does
    // not say it): one step back when the table says it is no discard.
    if (pendingClaim && msg.answers === pendingClaim.at && msg.code === "bad_message" && pendingClaim.left > 0) {
      pendingClaim = { ...pendingClaim, at: pendingClaim.at - 1, left: pendingClaim.left - 1 };
      if (m.step && m.step.kind === "window") m.step.discardAt = pendingClaim.at;
      act(pendingClaim.action, pendingClaim.at);
      return;
    }
    if (msg.code === "already_contributed" || msg.code === "contribution_closed") return;
    $("refused").textContent = `Not done: ${msg.words}`;
    log(`Refused: ${msg.words}`);
  }

  // ---- Events in words, for the log ----
  function words(e) {
    const s = name(e.seat);
    switch (e.event) {
      case "began": return `A new game: ${e.table.rules} rules, ${name(e.table.dealer)} deals.`;
      case "dealt": return `The tiles are dealt.`;
      case "pass_chosen": return `${s} chose tiles for the pass.`;
      case "passed": return `The pass ${PASS_WORDS[e.pass]} is made${e.gave[me] ? `: you gave ${tiles(e.gave[me])}, got ${tiles(e.kept[me] || [])}` : ""}.`;
      case "charleston_stopped": return `${name(e.by)} stopped the Charleston.`;
      case "picked": return e.tile ? `You picked ${e.tile}.` : `${s} picked.`;
      case "discarded": return `${s} threw ${e.tile}.`;
      case "answered": return `${s} ${e.answer === "decline" ? "let it go" : `claimed it${e.answer.claim === "mah_jongg" ? " for Mah Jongg" : ""}`}.`;
      case "withdrew": return `${s} withdrew a claim.`;
      case "took": return `${s} took ${e.tile} from ${name(e.from)}.`;
      case "next": return `${s} picks next.`;
      case "exposed": return `${s} exposed ${tiles(groupTiles(e.exposure))}.`;
      case "corrected": return `${s} corrected the exposure to ${tiles(groupTiles(e.exposure))}.`;
      case "joker_exchanged": return `${s} gave ${e.tile} for a joker of ${name(e.owner)}'s exposure.`;
      case "false_mah_jongg": return `${s} declared a Mah Jongg the card does not make${e.shown ? " and showed the hand (R8)" : " (not shown: no penalty, R8)"}.`;
      case "error_answered": return `${s} ${e.threw_in ? "had exposed the hand too" : "kept the hand"}.`;
      case "dead_called": return `${name(e.by)} called ${name(e.target)}'s hand dead: ${e.upheld ? "upheld" : "wrong (R5)"}.`;
      case "dead": return `${s}'s hand is ${DEAD_WORDS[e.reason] || "dead"}.`;
      case "penalty": return `${s}: penalty (${e.kind.replaceAll("_", " ")}).`;
      case "mah_jongg": return `${s} has Mah Jongg: ${e.win.line}, ${e.win.value} points.`;
      case "ended": return "The game is over.";
      default: return e.event;
    }
  }
  const groupTiles = (x) => [...Array(x.naturals).fill(x.tile), ...Array(x.jokers).fill("J")];

  // ---- The rack as arranged here ----
  function reconcile() {
    const want = {};
    for (const t of m ? m.hand : []) want[t] = (want[t] || 0) + 1;
    const kept = [], keptSel = new Set();
    order.forEach((t, i) => {
      if (want[t] > 0) { want[t] -= 1; if (selected.has(i)) keptSel.add(kept.length); kept.push(t); }
    });
    for (const t of m ? m.hand : []) if (want[t] > 0) { want[t] -= 1; kept.push(t); }
    order = kept;
    selected = keptSel;
    focus = Math.min(focus, Math.max(0, order.length - 1));
  }
  const chosenTiles = () => [...selected].sort((a, b) => a - b).map((i) => order[i]);

  // What the player must do now: the words, how many tiles to select, the buttons.
  function plan() {
    const p = { text: "Waiting for the deal…", pick: 0, buttons: [], more: [] };
    if (!m || !m.table) return p;
    if (watching) return watchPlan(p);
    const myTurn = m.phase === "play" && m.step && m.step.kind === "turn" && m.step.seat === me;
    if (m.phase === "over") { p.text = `The game is over: ${result()}`; return p; }
    if (m.dead[me] && m.phase === "play") {
      p.text = `Your hand is ${DEAD_WORDS[m.dead[me]]}: you no longer pick or throw.`;
      return p;
    }
    if (m.phase === "charleston") return charleston(p);
    const st = m.step || {};
    if (myTurn && st.mustExpose) return expose(p, st.mustExpose);
    if (myTurn) {
      p.text = "Your turn: pick a tile to discard";
      p.pick = 1;
      const t = chosenTiles()[0];
      p.buttons.push({ label: t ? `Discard ${t}` : "Discard (select a tile)", disabled: !t, go: () => act({ do: "discard", tile: t }) });
      p.buttons.push({ label: "Mah Jongg!", secondary: true, go: () => act({ do: "mah_jongg", shown: false }) });
      if (st.began !== "dealt") jokerExchanges(p);
      // The exposure made this turn may be corrected before the discard
      // (standard 16D): only the groups the engine would accept.
      const made = st.made !== null && st.made !== undefined ? m.exposures[me][st.made] : null;
      for (const c of T.corrections(m, me)) {
        const shown = [made.tile, ...Array(c.naturals).fill(made.tile), ...Array(c.jokers).fill("J")];
        p.more.push({ label: `Correct your exposure to a ${GROUP_NAMES[c.size].toLowerCase()}: ${tiles(shown)} (16D)`, go: () => act({ do: "correct", naturals: c.naturals, jokers: c.jokers }) });
      }
    } else if (st.kind === "window") window_(p, st);
    else if (st.kind === "error") {
      if (st.answers[me] === null) {
        p.text = `${name(st.declarer)} showed a false Mah Jongg (R8). Did you expose your hand too?`;
        p.buttons.push({ label: "I kept my hand", go: () => act({ do: "keep_hand" }) });
        p.buttons.push({ label: "I exposed my hand", secondary: true, go: () => act({ do: "throw_in" }) });
      } else p.text = "Waiting for the others to answer the false Mah Jongg.";
    } else if (st.kind === "pick" && st.seat === me) p.text = "The table is picking your tile…";
    else {
      const who = st.seat || st.on;
      p.text = who ? `${name(who)} is playing…` : "Waiting…";
    }
    if (m.phase === "play") deadCalls(p);
    return p;
  }

  // A spectator's line: where the game stands; no moves.
  function watchPlan(p) {
    if (m.phase === "over") p.text = `The game is over: ${result()}`;
    else if (m.phase === "charleston") p.text = `The Charleston: the pass ${PASS_WORDS[m.pass] || ""}.`;
    else {
      const st = m.step || {};
      const who = st.seat || st.on || (st.kind === "error" && st.declarer);
      p.text = st.kind === "window" && st.tile ? `${name(st.from)} threw ${st.tile}: the others may call it.`
        : who ? `${name(who)} is playing…` : "Waiting…";
    }
    return p;
  }

  function charleston(p) {
    const pass = m.pass;
    const to = name(T.receiver(pass, me));
    const mustChoose = T.awaiting(m, me);
    const eastAgain = me === m.table.dealer && T.eastCompletes(m);
    if (pass === "second_left") {
      p.more.push({ label: "Stop the Charleston", go: () => act({ do: "stop_charleston" }) });
    }
    if (!mustChoose) {
      p.text = `Waiting for the others to pass${m.myPass ? ` (you pass ${tiles(m.myPass)})` : ""}.`;
      return p;
    }
    if (pass === "courtesy") {
      const picked = chosenTiles();
      p.text = `Courtesy pass: offer 0 to 3 tiles across to ${to}`;
      p.pick = 3;
      p.buttons.push({ label: picked.length ? `Offer ${tiles(picked)}` : "Offer none", disabled: picked.includes("J"),
        go: () => act({ do: "courtesy", tiles: picked }) });
      return p;
    }
    const most = eastAgain ? 0 : T.blindAllowed(m.table, pass);
    blind = Math.min(blind, most);
    const need = 3 - blind;
    const picked = chosenTiles();
    p.text = eastAgain ? `Every seat waits on a blind tile: as East, pass three tiles from your rack to ${to} (standard 5E)`
      : `Pass three tiles ${PASS_WORDS[pass]} (to ${to})`;
    p.pick = need;
    p.blind = most;
    const ok = picked.length === need && !picked.includes("J");
    const label = picked.includes("J") ? "Jokers are never passed" :
      ok ? `Pass ${tiles(picked)}${blind ? ` and ${blind} blind` : ""}` : `Pass (select ${need} tile${need === 1 ? "" : "s"})`;
    p.buttons.push({ label, disabled: !ok, go: () => act({ do: "pass", tiles: picked, blind }) });
    if (me === m.table.dealer && pass === "first_right") {
      p.more.push({ label: "Mah Jongg: a heavenly hand (R10)", go: () => act({ do: "mah_jongg", shown: false }) });
    }
    return p;
  }

  function expose(p, tile) {
    p.text = `Expose your claimed ${tile}: choose the group`;
    const have = m.hand.filter((t) => t === tile).length - 1; // the claimed one is in the hand
    const jokers = m.hand.filter((t) => t === "J").length;
    const names = GROUP_NAMES;
    for (let size = 3; size <= 6; size++) {
      for (let n = Math.min(have, size - 1); n >= 0; n--) {
        const j = size - 1 - n;
        if (j > jokers || tile === "J") continue;
        const shown = [tile, ...Array(n).fill(tile), ...Array(j).fill("J")];
        p.buttons.push({ label: `${names[size]}: ${tiles(shown)}`, secondary: size > 3, go: () => act({ do: "expose", naturals: n, jokers: j }) });
      }
    }
    p.buttons.push({ label: "Mah Jongg!", secondary: true, go: () => act({ do: "mah_jongg", shown: false }) });
    return p;
  }

  function window_(p, st) {
    const mine = st.answers[me];
    const at = st.discardAt;
    const claim = (call) => () => {
      const action = { do: "claim", call };
      pendingClaim = st.guessed ? { action, at, left: 4 } : null;
      act(action, at);
    };
    if (!st.tile || st.from === me) {
      p.text = st.from === me ? `You threw ${st.tile}: the others may call it.` : "Waiting for the next pick.";
    } else if (mine === null) {
      p.text = `Claim ${st.tile}? ${name(st.from)} threw it`;
      p.buttons.push({ label: `Claim ${st.tile} for a group`, go: claim("exposure") });
      p.buttons.push({ label: `Claim ${st.tile} for Mah Jongg`, go: claim("mah_jongg") });
      p.buttons.push({ label: "Let it go", secondary: true, go: () => act({ do: "decline" }, at) });
    } else if (mine === "decline") {
      p.text = `You let ${st.tile} go: waiting for the others.`;
    } else {
      p.text = `You claimed ${st.tile}${mine.claim === "mah_jongg" ? " for Mah Jongg" : ""}: waiting for the window to close.`;
      p.buttons.push({ label: "Withdraw the claim", secondary: true, go: () => act({ do: "withdraw" }, at) });
    }
    return p;
  }

  // Standard 19: a natural for a joker in any exposure, during your turn.
  function jokerExchanges(p) {
    for (const s of T.SEATS) {
      m.exposures[s].forEach((x, i) => {
        if (x.jokers > 0 && m.hand.includes(x.tile)) {
          p.buttons.push({ label: `Give ${x.tile} for ${s === me ? "your" : `${name(s)}'s`} joker`, secondary: true,
            go: () => act({ do: "exchange_joker", owner: s, exposure: i }) });
        }
      });
    }
  }

  // R5: any live seat may call another's hand dead during play.
  function deadCalls(p) {
    for (const s of T.SEATS) {
      if (s !== me && T.live(m, s)) {
        p.more.push({ label: `Call ${name(s)}'s hand dead (R5)`, danger: true, go: () => {
          // The table's rules say what a wrong call costs (R5; data-false-dead).
          if (confirm(`Call ${name(s)}'s hand dead? ${root.dataset.falseDead || "A wrong call is penalised (R5)."}`)) act({ do: "declare_dead", target: s });
        } });
      }
    }
  }

  // ---- Drawing ----
  function button(b) {
    return el("button", { type: "button", class: b.danger ? "danger" : b.secondary ? "secondary" : null, disabled: Boolean(b.disabled), onclick: b.go }, b.label);
  }

  function draw() {
    reconcile();
    const p = plan();
    $("next-step").textContent = p.text;
    const acts = [];
    if (p.blind) {
      acts.push(el("label", { class: "inline", for: "blind" }, "Blind tiles (R17)",
        el("select", { id: "blind", onchange: (e) => { blind = Number(e.target.value); draw(); } },
          ...Array.from({ length: p.blind + 1 }, (_, i) => el("option", { value: i, selected: i === blind }, String(i))))));
    }
    acts.push(...p.buttons.map(button));
    if (p.more.length) acts.push(el("details", { class: "more" }, el("summary", {}, "More moves"), ...p.more.map(button)));
    const had = document.activeElement && document.activeElement.id === "blind";
    $("actions").replaceChildren(...acts);
    if (had && $("blind")) $("blind").focus();
    drawRack(p.pick);
    drawBoard();
    drawEnd();
    // A beep when the table starts waiting on your own move (not on every
    // discard you could claim: that would beep three times a round).
    const myMove = Boolean(m && m.table && T.awaiting(m, me) && !(m.step && ["pick", "window"].includes(m.step.kind)));
    if (myMove && !wasMyMove) beep();
    wasMyMove = myMove;
    document.body.classList.toggle("my-move", myMove);
  }

  function drawRack(pick) {
    if (watching) return;
    $("my-seat").textContent = me ? `(${name(me)})` : "";
    const rack = $("rack");
    const hadFocus = rack.contains(document.activeElement);
    const picked = m && m.step && m.step.picked;
    rack.replaceChildren(...order.map((t, i) => {
      const li = tileEl(t, "li");
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", selected.has(i) ? "true" : "false");
      li.tabIndex = i === focus ? 0 : -1;
      li.dataset.i = i;
      if (picked === t && i === order.lastIndexOf(t)) li.classList.add("new");
      return li;
    }));
    rack.dataset.pick = pick;
    if (hadFocus && rack.children[focus]) rack.children[focus].focus();
    const exp = $("my-exposures");
    exp.replaceChildren(...(m ? m.exposures[me] || [] : []).map(groupEl));
  }

  function toggle(i) {
    const pick = Number($("rack").dataset.pick || 0);
    if (selected.has(i)) selected.delete(i);
    else {
      if (pick === 1) selected.clear();
      selected.add(i);
    }
    focus = i;
    draw();
  }
  // A spectator's page has no rack.
  const rack = $("rack");
  rack?.addEventListener("click", (e) => {
    const li = e.target.closest("li");
    if (li) toggle(Number(li.dataset.i));
  });
  rack?.addEventListener("keydown", (e) => {
    const n = order.length;
    if (!n) return;
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[e.key];
    if (step && e.shiftKey) { // rearrange: the focused tile moves
      const j = focus + step;
      if (j < 0 || j >= n) return;
      [order[focus], order[j]] = [order[j], order[focus]];
      const a = selected.has(focus), b = selected.has(j);
      selected.delete(focus); selected.delete(j);
      if (a) selected.add(j);
      if (b) selected.add(focus);
      focus = j;
    } else if (step) focus = (focus + step + n) % n;
    else if (e.key === "Home") focus = 0;
    else if (e.key === "End") focus = n - 1;
    else if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggle(focus); return; }
    else return;
    e.preventDefault();
    drawRack(Number(rack.dataset.pick || 0));
    rack.children[focus].focus();
  });
  $("sort")?.addEventListener("click", () => { order = T.sortTiles(order); selected.clear(); draw(); });

  // Who is at a seat (the table's `presence`), in words.
  const PRESENCE_WORDS = { connected: "connected", away: "away", bot: "bot", stand_in: "a bot plays for now" };
  function presenceChip(s) {
    const p = presence[s] || (standIn[s] ? "stand_in" : null);
    if (!p || p === "empty") return null;
    const words = p === "bot" && players[s] && players[s] !== "person" ? `bot, ${players[s]}` : PRESENCE_WORDS[p];
    return el("span", { class: `chip presence-${p.replace("_", "-")}` }, words);
  }

  function seatPanel(s) {
    const eye = me || "east"; // a spectator sees the table from East's side
    const where = s === eye ? "you" : s === T.next(eye) ? "your right" : s === T.prev(eye) ? "your left" : "across";
    const status = [];
    if (m && m.table && T.awaiting(m, s)) status.push(el("span", { class: "chip thinking" }, s === me ? "your move" : "to move"));
    status.push(presenceChip(s));
    if (m && m.dead[s]) status.push(el("span", { class: "chip dead" }, DEAD_WORDS[m.dead[s]]));
    const discards = m ? m.floor.filter(([w]) => w === s).map(([, t]) => tileEl(t)) : [];
    // Only a player's own seat is drawn as their rack instead; a spectator sees all four.
    const at = watching && where === "you" ? "east-side" : where.replace(" ", "-");
    return el("div", { class: `seat at-${at}${m && m.table && T.awaiting(m, s) ? " awaited" : ""}` },
      el("h3", {}, watching ? name(s) : `${name(s)} (${where})`, m && m.table && s === m.table.dealer ? " · dealer" : ""),
      el("p", { class: "status" }, m ? `${m.rackLen[s]} tiles` : "", ...status),
      el("div", { class: "exposures", role: "group", "aria-label": `${name(s)}'s exposures` }, ...(m ? m.exposures[s] : []).map(groupEl)),
      el("p", { class: "discards" }, discards.length ? "Threw: " : "", ...discards));
  }

  function drawBoard() {
    const eye = me || "east";
    if (!watching && !T.SEATS.includes(me)) return;
    $("seats").replaceChildren(...[T.across(eye), T.prev(eye), T.next(eye), eye].map(seatPanel));
    $("spectators").textContent = spectators ? `${spectators} watching` : "";
    $("wall").textContent = m && m.table ? `${m.table.rules} rules · ${m.wallLeft} tiles left in the wall` : "";
    const last = m && m.floor.length ? m.floor[m.floor.length - 1] : null;
    $("last-discard").replaceChildren(...(last ? ["Last: ", tileEl(last[1]), ` from ${name(last[0])}`] : ["No discard yet."]));
    $("floor").replaceChildren(...(m ? m.floor : []).map(([s, t]) => el("li", { title: name(s) }, tileEl(t))));
    drawClock();
  }

  function drawClock() {
    const out = $("clock");
    if (!m || !m.table || m.phase === "over") { out.textContent = ""; return; }
    const fmt = (ms) => { const s = Math.max(0, Math.ceil(ms / 1000)); return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`; };
    const win = clocks.window;
    if (m.step && m.step.kind === "window" && win) {
      out.textContent = `Calling window: ${fmt(win.left_ms - (performance.now() - win.t0))}`;
      return;
    }
    // Your own clock while the table waits on you, else the seat it waits on.
    const seat = T.awaiting(m, me) ? me : T.SEATS.find((s) => T.awaiting(m, s));
    const c = seat && clocks[seat];
    if (!c) { out.textContent = ""; return; }
    const gone = performance.now() - c.t0;
    const turn = c.left_ms - c.reserve_ms;
    const who = seat === me ? "Your time" : `${name(seat)}'s time`;
    out.textContent = gone < turn ? `${who}: ${fmt(turn - gone)} (then reserve ${fmt(c.reserve_ms)})`
      : `${who}: reserve ${fmt(c.left_ms - gone)}`;
  }
  setInterval(drawClock, 250);

  // The game's result in one sentence.
  function result() {
    const w = m.winner, o = m.outcome;
    if (w) return `${w.seat === me ? "you win" : `${name(w.seat)} wins`}${w.from ? ` on ${w.from === me ? "your" : `${name(w.from)}'s`} discard` : ", self-picked"}.`;
    if (!o) return "see below.";
    return { wall: "a wall game.", mah_jongg_in_error: "a false Mah Jongg (R8).", no_live_hands: "every hand is dead." }[o.ending.kind] || o.ending.kind;
  }

  function drawEnd() {
    const box = $("end");
    if (!m || m.phase !== "over") { box.hidden = true; return; }
    box.hidden = false;
    const body = [];
    const o = m.outcome;
    const w = m.winner;
    if (w) {
      const how = w.from ? `on ${name(w.from)}'s discard` : "self-picked (R9)";
      body.push(el("p", { class: "result" }, `${name(w.seat)} won with ${w.win.line}, ${w.win.value} points on the card, ${how}.`));
    } else if (o) {
      const endWords = { wall: "A wall game: the wall ran out.", mah_jongg_in_error: "The game ended on a false Mah Jongg (R8).",
        no_live_hands: "Every hand is dead." };
      body.push(el("p", { class: "result" }, endWords[o.ending.kind] || o.ending.kind));
    }
    if (o && o.ending.kind === "mah_jongg") {
      const bits = [];
      if (o.ending.jokerless) bits.push("jokerless (R11)");
      if (o.ending.heavenly) bits.push("heavenly hand (R10)");
      if (bits.length) body.push(el("p", {}, bits.join(", ")));
    }
    const racks = el("div", { class: "racks" });
    for (const s of T.SEATS) {
      if (!m.table.present[s]) continue;
      // Every rack once the table has shown them all (`final`).
      const shown = m.racks ? m.racks[s] : s === me ? m.hand : w && w.seat === s ? w.hand : null;
      racks.append(el("div", { class: "seat" }, el("h3", {}, name(s), m.dead[s] ? ` (${DEAD_WORDS[m.dead[s]]})` : ""),
        el("p", {}, ...(shown ? T.sortTiles(shown).map((t) => tileEl(t)) : ["Concealed tiles: not shown by the table."])),
        el("div", { class: "exposures" }, ...m.exposures[s].map(groupEl))));
    }
    body.push(racks);
    if (m.penalties.length) body.push(el("p", {}, "Penalties: ", m.penalties.map((x) => `${name(x.seat)} ${x.kind.replaceAll("_", " ")}`).join("; ")));
    // The points already fetched for this move stay: a redraw (a clock, a
    // presence) must not empty them.
    const had = $("points");
    body.push(had && pointsFor === m.at ? had : el("div", { id: "points" }));
    $("end-body").replaceChildren(...body);
    points();
  }

  // The points with the preset's reasons, from the server (one path to points).
  let pointsFor = null;
  async function points() {
    if (!m.outcome || pointsFor === m.at) return;
    pointsFor = m.at;
    try {
      const r = await fetch("/play/points", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ table: m.table, outcome: m.outcome }) });
      const a = await r.json();
      if (!r.ok) throw new Error(a.error || r.status);
      const box = $("points");
      if (!box) return;
      box.replaceChildren(el("h3", {}, "Points"),
        el("table", { class: "points" }, el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Seat"), el("th", { scope: "col", class: "num" }, "Points"))),
          el("tbody", {}, ...T.SEATS.filter((s) => s in a.points).map((s) => el("tr", {}, el("th", { scope: "row" }, name(s)), el("td", { class: "num" }, String(a.points[s])))))),
        el("ul", {}, ...a.lines.map((l) => el("li", {}, `${name(l.seat)} ${l.points > 0 ? "+" : ""}${l.points}: ${l.reason} (${l.source})`))));
    } catch (e) {
      const box = $("points");
      if (box) box.textContent = `The points could not be worked out here: ${e.message}`;
    }
  }

  // ---- Sound: a short beep when the table waits on you ----
  let audio = null;
  const wake = () => { if (!audio && window.AudioContext) audio = new AudioContext(); };
  document.addEventListener("pointerdown", wake, { once: true });
  document.addEventListener("keydown", wake, { once: true });
  function beep() {
    if (muted || !audio) return;
    const o = audio.createOscillator(), g = audio.createGain();
    o.frequency.value = 660;
    g.gain.setValueAtTime(0.15, audio.currentTime);
    g.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    o.connect(g).connect(audio.destination);
    o.start();
    o.stop(audio.currentTime + 0.25);
  }
  $("play-here").addEventListener("click", () => {
    $("play-here").hidden = true;
    closedForGood = false;
    takeOver = true;
    tries = 0;
    say("Taking the seat here…");
    connect();
  });
  const mute = $("mute");
  const showMute = () => mute.setAttribute("aria-pressed", String(muted));
  mute.addEventListener("click", () => { muted = !muted; localStorage.setItem("jongg-mute", muted ? "1" : "0"); showMute(); });
  showMute();

  // Who plays each seat, from this table's entry of the open tables (a
  // finished table is not open: 404, and the page names no one).
  fetch(`/api/play/tables/${encodeURIComponent(tableId)}`).then((r) => r.ok ? r.json() : null).then((t) => {
    if (t) { players = t.seats || {}; draw(); }
  }).catch(() => {});

  // ---- Chat: lines as text (never markup), a seat muted on this page ----
  function chatLine(seat, text) {
    const list = $("chat-lines");
    list.append(el("li", { "data-seat": seat, hidden: chatMuted.has(seat) }, el("strong", {}, `${name(seat)}: `), text));
    while (list.children.length > 200) list.firstChild.remove();
  }
  function drawChatMutes() {
    $("chat-mutes").replaceChildren(...T.SEATS.filter((s) => s !== me).map((s) =>
      el("button", { type: "button", class: "secondary", "aria-pressed": String(chatMuted.has(s)), onclick: () => {
        if (chatMuted.has(s)) chatMuted.delete(s); else chatMuted.add(s);
        localStorage.setItem("jongg-chat-mute", JSON.stringify([...chatMuted]));
        for (const li of $("chat-lines").children) li.hidden = chatMuted.has(li.dataset.seat);
        drawChatMutes();
      } }, `${chatMuted.has(s) ? "Unmute" : "Mute"} ${name(s)}`)));
  }
  const chatForm = $("chat-form");
  if (watching) chatForm.hidden = true;
  else {
    $("chat-note").hidden = true;
    chatForm.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const input = $("chat-text");
      const text = input.value.trim();
      if (!text) return;
      send({ type: "chat", text });
      input.value = "";
    });
  }
  drawChatMutes();

  // For the browser test: the model as this page folded it.
  T.current = () => m;

  draw();
  connect();
})();
