// The score-entry page: builds the game record from the form, shows the
// points (and the rules' reasons) as they are entered, shows each error
// beside its field, saves the game, and signs the sheet.
"use strict";
// Also: which table this is (a warning when this phone last showed another
// table), the sheet's version sent with every save (a stale one is refused
// and the sheet as saved is shown), a confirm before clearing signatures,
// (without the script the form posts itself: body/game_form.rs reads its
// fields, named by seat: `dead.west`, `penalty.north.false_dead_call`),
// a half-entered game kept in this browser until it is saved, and the roll
// for East of a table of three.
document.addEventListener("DOMContentLoaded", function () {
  warnOtherTable();
  wireEast();
  var form = document.getElementById("game-form");
  if (!form) return;
  var d = form.dataset;
  var base = "/api/tournaments/" + d.id + "/rounds/" + d.round + "/tables/" + d.table;
  var key = d.key || null;
  var records = {};
  try { records = JSON.parse(d.records || "{}"); } catch (e) { records = {}; }
  var $ = function (id) { return document.getElementById(id); };

  // Each seat's name as the page shows it ("east" -> "East").
  var seatLabel = {};
  (form.dataset.seats || "").split(";").forEach(function (kv) { var p = kv.split("="); if (p[1]) seatLabel[p[0]] = p[1]; });

  function result() { var r = form.querySelector("input[name=result]:checked"); return r ? r.value : "mahjong"; }

  // The checkboxes of the rarer Mah Jongg hands, named as in the record.
  var FLAGS = ["self_picked", "jokerless", "singles_and_pairs", "quints", "one_group_left", "heavenly", "misnamed"];

  function record() {
    var rec = { result: result() };
    var value = $("f-value").value;
    if (rec.result === "mahjong") {
      if ($("f-winner").value) rec.winner = $("f-winner").value;
      if (value !== "") rec.value = Number(value);
      FLAGS.forEach(function (f) { if ($("f-" + f).checked) rec[f] = true; });
      if ($("f-discarder").value && !rec.self_picked && !rec.heavenly) rec.discarder = $("f-discarder").value;
      var ex = Number($("f-exposures").value || 0);
      if (ex) rec.exposures = ex;
    } else if (rec.result === "mahjong_in_error") {
      if ($("f-declarer").value) rec.declarer = $("f-declarer").value;
      if (value !== "") rec.value = Number(value);
      var exposed = [];
      form.querySelectorAll("input[name^='exposed.']:checked").forEach(function (c) { exposed.push(c.dataset.seat); });
      if (exposed.length) rec.exposed = exposed;
    } else if (rec.result === "misnamed_mahjong_claim") {
      if ($("f-declarer").value) rec.declarer = $("f-declarer").value;
      if ($("f-discarder").value) rec.discarder = $("f-discarder").value;
    }
    var dead = {};
    form.querySelectorAll("select[name^='dead.']").forEach(function (c) { if (c.value) dead[c.dataset.seat] = c.value; });
    if (Object.keys(dead).length) rec.dead = dead;
    var pens = [];
    form.querySelectorAll("input[name^='penalty.']:checked").forEach(function (c) { pens.push({ seat: c.dataset.seat, kind: c.dataset.kind }); });
    if (pens.length) rec.penalties = pens;
    return rec;
  }

  window.jonggRecord = record;

  function clearErrors() {
    form.querySelectorAll(".field-error, .form-error").forEach(function (e) { e.textContent = ""; });
    form.querySelectorAll("[aria-invalid]").forEach(function (e) { e.removeAttribute("aria-invalid"); });
  }

  // "dead.west" -> err-dead; "penalties[0].kind" -> err-penalties; a field
  // hidden for this result -> the form's own error line.
  function showError(field, reason) {
    var name = String(field || "").split(/[.\[]/)[0];
    var box = $("err-" + name);
    if (!box || box.closest("[hidden]")) box = $("err-form");
    box.textContent = reason;
    var input = $("f-" + name);
    if (input) input.setAttribute("aria-invalid", "true");
  }

  // Show the fields of this result only.
  function sync() {
    var r = result();
    form.querySelectorAll("[data-for]").forEach(function (e) {
      e.hidden = e.dataset.for.split(" ").indexOf(r) < 0;
    });
    $("f-discarder").disabled = r === "mahjong" && ($("f-self_picked").checked || $("f-heavenly").checked);
  }

  var pending = 0;
  var touched = false;
  function preview() {
    sync();
    var mine = ++pending;
    form.dataset.state = "busy";
    fetch("/t/" + d.id + "/r/" + d.round + "/table/" + d.table + "/preview?game=" + encodeURIComponent($("f-game").value), {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(record())
    }).then(function (r) { return r.json().then(function (j) { return { ok: r.ok, j: j }; }); })
      .then(function (a) {
        if (mine !== pending) return;
        form.dataset.state = "ready";
        clearErrors();
        var explain = $("explain");
        explain.innerHTML = "";
        form.querySelectorAll("[id^=pv-]").forEach(function (c) { c.textContent = "—"; });
        if (!a.ok) {
          // A game not yet touched is not an error yet.
          if (!touched) return;
          showError(a.j.field, a.j.reason || a.j.error);
          return;
        }
        Object.keys(a.j.points).forEach(function (s) {
          var c = $("pv-" + s);
          if (c) { var p = a.j.points[s]; c.textContent = (p > 0 ? "+" : "") + p; }
        });
        a.j.lines.forEach(function (l) {
          // The seat as the page names it; the rule cited after (issue 13.6).
          var li = document.createElement("li");
          var seat = l.seat ? (seatLabel[l.seat] || l.seat) + " " : "";
          li.textContent = seat + (l.points > 0 ? "+" : "") + l.points + ": " + l.reason + " ";
          var cite = document.createElement("cite");
          cite.textContent = "(" + l.source + ")";
          li.appendChild(cite);
          explain.appendChild(li);
        });
      }).catch(function () { if (mine === pending) form.dataset.state = "ready"; });
  }

  // Fill the form from a game already on the sheet.
  function load(game, draft) {
    var rec = draft || records[game];
    form.querySelectorAll("input[type=checkbox]").forEach(function (c) { c.checked = false; });
    form.querySelectorAll("select[name^='dead.']").forEach(function (c) { c.value = ""; });
    $("f-winner").value = ""; $("f-discarder").value = ""; $("f-declarer").value = "";
    $("f-value").value = ""; $("f-exposures").value = "0";
    var radio = form.querySelector("input[name=result][value=mahjong]");
    if (radio) radio.checked = true;
    if (rec && typeof rec === "object") {
      var r = form.querySelector("input[name=result][value=" + rec.result + "]");
      if (r) r.checked = true;
      $("f-winner").value = rec.winner || "";
      $("f-discarder").value = rec.discarder || "";
      $("f-declarer").value = rec.declarer || "";
      if (rec.value !== undefined) $("f-value").value = rec.value;
      $("f-exposures").value = rec.exposures || 0;
      FLAGS.forEach(function (f) { $("f-" + f).checked = !!rec[f]; });
      (rec.exposed || []).forEach(function (s) {
        var c = form.querySelector("input[name='exposed." + s + "']"); if (c) c.checked = true;
      });
      if (FLAGS.slice(2).some(function (f) { return rec[f]; })) $("rare").open = true;
      Object.keys(rec.dead || {}).forEach(function (s) { var c = $("f-dead-" + s); if (c) c.value = rec.dead[s]; });
      (rec.penalties || []).forEach(function (p) {
        var c = form.querySelector("input[name='penalty." + p.seat + "." + p.kind + "']"); if (c) c.checked = true;
      });
      if (Object.keys(rec.dead || {}).length || (rec.penalties || []).length) $("dead-and-penalties").open = true;
    }
    markPenalties();
    preview();
  }

  // Each seat's penalties are folded (13.8: a short page on a phone): a
  // fold with a penalty chosen stays open and counts them.
  function markPenalties() {
    form.querySelectorAll("details.seat-penalties").forEach(function (fold) {
      var n = fold.querySelectorAll("input[name^='penalty.']:checked").length;
      if (n) fold.open = true;
      var count = fold.querySelector(".penalty-count");
      if (!count) {
        count = document.createElement("span"); count.className = "penalty-count";
        fold.querySelector("summary").appendChild(count);
      }
      count.textContent = n ? " (" + n + ")" : "";
    });
  }

  // A half-entered game is kept in this browser until it is saved (not
  // for an amendment, which the director makes at once).
  var draftKey = "jongg-draft:" + d.id + ":" + d.round + ":" + d.table;
  var drafts = d.amend !== "true";
  function keepDraft() {
    if (!drafts) return;
    try { localStorage.setItem(draftKey, JSON.stringify({ game: $("f-game").value, record: record() })); } catch (e) { /* storage full or off */ }
  }
  function dropDraft() { try { localStorage.removeItem(draftKey); } catch (e) { /* off */ } }
  function savedDraft() {
    if (!drafts) return null;
    try { var x = JSON.parse(localStorage.getItem(draftKey) || "null"); return x && x.record ? x : null; } catch (e) { return null; }
  }

  form.addEventListener("input", function () { touched = true; keepDraft(); markPenalties(); preview(); });
  form.addEventListener("change", function (ev) {
    if (ev.target.id === "f-game") { touched = false; load(ev.target.value); } else { touched = true; keepDraft(); preview(); }
  });
  $("draft-discard").addEventListener("click", function () {
    dropDraft();
    $("draft-note").hidden = true;
    touched = false;
    load($("f-game").value);
  });

  var version = Number(d.version);
  function save(clearSignatures) {
    clearErrors();
    $("confirm-clear").hidden = true;
    var game = $("f-game").value;
    // With the hand's tiles typed (score_hand.js), the card checks them.
    var hand = window.jonggHand ? window.jonggHand() : null;
    var entry = hand ? { kind: "hand", record: record(), hand: hand } : { kind: "record", record: record() };
    var amend = d.amend === "true";
    var req;
    if (amend) {
      var reason = $("f-reason").value.trim();
      if (!reason) { showError("reason", "Say why the game is changed: the audit log keeps it."); $("f-reason").focus(); return; }
      req = send("POST", base + "/games/" + game + "/amend", { entry: entry, reason: reason });
    } else {
      var body = { entry: entry, version: version };
      if (clearSignatures) body.clear_signatures = true;
      req = send("PUT", base + "/games/" + game, body);
    }
    $("save").disabled = true;
    req.then(function (a) {
      $("save").disabled = false;
      if (a.ok) { dropDraft(); location.reload(); return; }
      if (a.status === 409 && a.json.conflict === "signatures") { askToClear(); return; }
      if (a.status === 409 && a.json.conflict === "stale") { showStale(a.json); return; }
      var msg = a.json.error || ("the server answered " + a.status);
      // The rules name the field as `field`: reason.
      var m = /^.*?`([a-z_]+)[^`]*`: (.*)$/.exec(msg);
      if (m && $("err-" + m[1])) showError(m[1], m[2]); else { $("err-form").textContent = msg; $("err-form").focus(); }
    }).catch(function () {
      $("save").disabled = false;
      $("err-form").textContent = "The server could not be reached: nothing was saved. Your game stays on this phone; try again.";
      $("err-form").focus();
    });
  }

  function askToClear() {
    if (d.signed) $("confirm-clear-text").textContent = "This sheet is signed by " + d.signed + ". Saving this change clears every signature, and each player signs again.";
    $("confirm-clear").hidden = false;
    $("confirm-clear-yes").focus();
  }
  $("confirm-clear-yes").addEventListener("click", function () { save(true); });
  $("confirm-clear-no").addEventListener("click", function () { $("confirm-clear").hidden = true; $("save").focus(); });

  // Someone else saved the sheet: say so, and show what they saved.
  var labels = {};
  (d.seats || "").split(";").forEach(function (kv) { var p = kv.split("="); if (p[1]) labels[p[0]] = p[1]; });
  function showStale(j) {
    $("stale-text").textContent = j.error;
    var seats = Object.keys(labels);
    var head = $("stale-sheet").tHead, body = $("stale-sheet").tBodies[0];
    head.innerHTML = ""; body.innerHTML = "";
    var hr = head.insertRow();
    ["Game"].concat(seats.map(function (s) { return labels[s]; })).forEach(function (t) {
      var th = document.createElement("th"); th.scope = "col"; th.textContent = t; hr.appendChild(th);
    });
    ((j.sheet && j.sheet.games) || []).forEach(function (g, i) {
      var tr = body.insertRow();
      var th = document.createElement("th"); th.scope = "row"; th.textContent = String(i + 1); tr.appendChild(th);
      seats.forEach(function (s) {
        var td = tr.insertCell(); td.className = "num";
        td.textContent = g ? ((g.points[s] > 0 ? "+" : "") + g.points[s]) : "—";
      });
    });
    $("stale").hidden = false;
    $("stale").focus();
  }
  $("stale-reload").addEventListener("click", function () { keepDraft(); location.reload(); });

  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    // A signed sheet: say first that saving clears the signatures.
    if (d.signed && d.amend !== "true") { askToClear(); return; }
    save(false);
  });

  // Each signature is also a form of its own (it works before this script
  // loads); here it is sent without leaving the page.
  document.querySelectorAll("button.sign").forEach(function (b) {
    b.addEventListener("click", function (ev) {
      ev.preventDefault();
      b.disabled = true;
      var body = { seat: b.dataset.seat, version: version };
      if (b.dataset.game) body.game = Number(b.dataset.game);
      // Where the rules ask for it, the player's own personal code (14.6).
      var code = document.getElementById("code-" + b.dataset.seat);
      if (code && code.value.trim() !== "") body.code = code.value.trim();
      // A game's line is signed before the sign-off box is on the page
      // (mississippi-2025): its error then goes next to the button.
      var box = $("err-sign");
      if (!box) {
        box = document.createElement("p");
        box.className = "form-error"; box.setAttribute("role", "alert"); box.tabIndex = -1;
        b.insertAdjacentElement("afterend", box);
      }
      send("POST", base + "/sign", body)
        .then(function (a) {
          if (a.ok) { location.reload(); return; }
          b.disabled = false;
          var msg = a.json.error || ("the server answered " + a.status);
          if (a.status === 409 && a.json.conflict === "stale") msg = "The sheet changed since this page showed it: nothing was signed. Reload the page, check the scores again, then sign.";
          box.textContent = msg; box.focus();
        })
        .catch(function () { b.disabled = false; box.textContent = "The server could not be reached: nothing was signed."; box.focus(); });
    });
  });

  var draft = savedDraft();
  if (draft && $("f-game").querySelector("option[value='" + draft.game + "']")) {
    $("f-game").value = draft.game;
    if ($("correct")) $("correct").open = true;
    $("draft-note").hidden = false;
    touched = true;
    load(draft.game, draft.record);
  } else {
    load($("f-game").value);
  }

  // A request to the API, answered with its status and JSON whatever it is.
  function send(method, url, data) {
    var headers = { "Content-Type": "application/json" };
    if (key) headers["Authorization"] = "Bearer " + key;
    return fetch(url, { method: method, headers: headers, credentials: "same-origin", body: JSON.stringify(data) })
      .then(function (r) {
        return r.text().then(function (text) {
          var json;
          try { json = text ? JSON.parse(text) : {}; } catch (e) { json = { error: text }; }
          return { ok: r.ok, status: r.status, json: json || {} };
        });
      });
  }
});

// This phone showed another table's sheet before: say so, in large letters.
function warnOtherTable() {
  var banner = document.getElementById("table-banner");
  var form = document.getElementById("game-form") || document.getElementById("east-form");
  if (!banner || !form) return;
  var here = form.dataset.id + ":" + form.dataset.round + ":" + form.dataset.table;
  var was = null;
  try { was = localStorage.getItem("jongg-last-table"); localStorage.setItem("jongg-last-table", here); } catch (e) { return; }
  if (!was || was === here) return;
  var p = was.split(":");
  if (p[0] !== form.dataset.id || p[1] !== form.dataset.round) return;
  var box = document.getElementById("table-changed");
  box.textContent = "This phone showed table " + p[2] + " before. This is the sheet of TABLE " + form.dataset.table +
    ": check the number on your table before you save.";
  box.hidden = false;
}

// A table of three records who won the roll for East (R12).
function wireEast() {
  var f = document.getElementById("east-form");
  if (!f) return;
  f.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var d = f.dataset;
    var url = "/api/tournaments/" + d.id + "/rounds/" + d.round + "/tables/" + d.table + "/east";
    var err = document.getElementById("err-east");
    jongg.send("POST", url, { east: document.getElementById("f-east").value, version: Number(d.version) }, d.key || null)
      .then(function () { location.reload(); })
      .catch(function (e) { err.textContent = e.message; err.focus(); });
  });
}
