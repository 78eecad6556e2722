// The score-entry page: builds the game record from the form, shows the
// points (and the rules' reasons) as they are entered, shows each error
// beside its field, saves the game, and signs the sheet.
"use strict";
document.addEventListener("DOMContentLoaded", function () {
  var form = document.getElementById("game-form");
  if (!form) return;
  var d = form.dataset;
  var base = "/api/tournaments/" + d.id + "/rounds/" + d.round + "/tables/" + d.table;
  var key = d.key || null;
  var records = {};
  try { records = JSON.parse(d.records || "{}"); } catch (e) { records = {}; }
  var $ = function (id) { return document.getElementById(id); };

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
      form.querySelectorAll("input[name=exposed]:checked").forEach(function (c) { exposed.push(c.value); });
      if (exposed.length) rec.exposed = exposed;
    } else if (rec.result === "misnamed_mahjong_claim") {
      if ($("f-declarer").value) rec.declarer = $("f-declarer").value;
      if ($("f-discarder").value) rec.discarder = $("f-discarder").value;
    }
    var dead = {};
    form.querySelectorAll("select[name=dead]").forEach(function (c) { if (c.value) dead[c.dataset.seat] = c.value; });
    if (Object.keys(dead).length) rec.dead = dead;
    var pens = [];
    form.querySelectorAll("input[name=penalty]:checked").forEach(function (c) { pens.push({ seat: c.dataset.seat, kind: c.value }); });
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
          var li = document.createElement("li");
          li.textContent = l.seat + " " + (l.points > 0 ? "+" : "") + l.points + ": " + l.reason + " (" + l.source + ")";
          explain.appendChild(li);
        });
      }).catch(function () { if (mine === pending) form.dataset.state = "ready"; });
  }

  // Fill the form from a game already on the sheet.
  function load(game) {
    var rec = records[game];
    form.querySelectorAll("input[type=checkbox]").forEach(function (c) { c.checked = false; });
    form.querySelectorAll("select[name=dead]").forEach(function (c) { c.value = ""; });
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
        var c = form.querySelector("input[name=exposed][value=" + s + "]"); if (c) c.checked = true;
      });
      if (FLAGS.slice(2).some(function (f) { return rec[f]; })) $("rare").open = true;
      Object.keys(rec.dead || {}).forEach(function (s) { var c = $("f-dead-" + s); if (c) c.value = rec.dead[s]; });
      (rec.penalties || []).forEach(function (p) {
        var c = form.querySelector("input[name=penalty][data-seat=" + p.seat + "][value=" + p.kind + "]"); if (c) c.checked = true;
      });
    }
    preview();
  }

  form.addEventListener("input", function () { touched = true; preview(); });
  form.addEventListener("change", function (ev) {
    if (ev.target.id === "f-game") { touched = false; load(ev.target.value); } else { touched = true; preview(); }
  });

  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    clearErrors();
    var game = $("f-game").value;
    // With the hand's tiles typed (score_hand.js), the card checks them.
    var hand = window.jonggHand ? window.jonggHand() : null;
    var entry = hand ? { kind: "hand", record: record(), hand: hand } : { kind: "record", record: record() };
    var amend = d.amend === "true";
    var req;
    if (amend) {
      var reason = $("f-reason").value.trim();
      if (!reason) { showError("reason", "Say why the game is changed: the audit log keeps it."); $("f-reason").focus(); return; }
      req = jongg.send("POST", base + "/games/" + game + "/amend", { entry: entry, reason: reason }, key);
    } else {
      req = jongg.send("PUT", base + "/games/" + game, { entry: entry }, key);
    }
    $("save").disabled = true;
    req.then(function () { location.reload(); })
      .catch(function (e) {
        $("save").disabled = false;
        // The rules name the field as `field`: reason.
        var m = /^.*?`([a-z_]+)[^`]*`: (.*)$/.exec(e.message);
        if (m && $("err-" + m[1])) showError(m[1], m[2]); else { $("err-form").textContent = e.message; $("err-form").focus(); }
      });
  });

  document.querySelectorAll("button.sign").forEach(function (b) {
    b.addEventListener("click", function () {
      b.disabled = true;
      var body = { seat: b.dataset.seat };
      if (b.dataset.game) body.game = Number(b.dataset.game);
      jongg.send("POST", base + "/sign", body, key)
        .then(function () { location.reload(); })
        .catch(function (e) { b.disabled = false; $("err-sign").textContent = e.message; $("err-sign").focus(); });
    });
  });

  load($("f-game").value);
});
