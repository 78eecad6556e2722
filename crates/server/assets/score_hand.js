// The score page's hand check (issue 14.1): the winning hand's tiles are
// checked on the event's card, which names the hand and gives its value;
// score.js saves them with the game (window.jonggHand). Its message box is
// not a .field-error, which score.js's live preview clears on each answer.
"use strict";
document.addEventListener("DOMContentLoaded", function () {
  var form = document.getElementById("game-form");
  var $ = function (id) { return document.getElementById(id); };
  if (!form || !$("f-hand")) return;
  var d = form.dataset;
  var base = "/api/tournaments/" + d.id + "/rounds/" + d.round + "/tables/" + d.table;

  function hand() {
    var concealed = $("f-hand-concealed").value.trim();
    if (!concealed || $("f-hand").hidden) return null;
    var exposures = $("f-hand-exposed").value.split("/")
      .map(function (s) { return s.trim(); })
      .filter(function (s) { return s !== ""; });
    var h = { concealed: concealed };
    if (exposures.length) h.exposures = exposures;
    return h;
  }
  window.jonggHand = hand;

  // The tiles typed, drawn with their faces under each box as they are typed
  // (issue 33.1, tiles.js): a token that is no tile is shown as typed, for
  // the card check to name. Exposed groups, separated by /, each underlined.
  var TOKEN = /^([1-9][DBC]|[ESWN]|[RGW]D|F|J)(?:X([1-8]))?$/;
  function drawn(text) {
    var box = document.createElement("span");
    box.className = "group";
    text.split(/[\s,]+/).forEach(function (tok) {
      if (!tok) return;
      var m = TOKEN.exec(tok.toUpperCase());
      if (!m) {
        var bad = document.createElement("code");
        bad.textContent = tok;
        box.append(bad);
        return;
      }
      for (var i = 0; i < Number(m[2] || 1); i++) box.append(window.JonggTiles.face(m[1]));
    });
    return box;
  }
  function faces(input, groups) {
    var out = document.createElement("div");
    out.className = "hand-faces";
    out.setAttribute("role", "group");
    out.setAttribute("aria-label", "The tiles as typed");
    input.after(out);
    function draw() {
      var parts = groups ? input.value.split("/") : [input.value];
      out.replaceChildren.apply(out, parts.filter(function (p) { return p.trim() !== ""; }).map(drawn));
    }
    input.addEventListener("input", draw);
    draw();
  }
  if (window.JonggTiles) {
    faces($("f-hand-concealed"), false);
    faces($("f-hand-exposed"), true);
  }

  $("hand-check").addEventListener("click", function () {
    var h = hand();
    $("hand-line").textContent = "";
    $("err-hand").textContent = "";
    if (!h) { $("err-hand").textContent = "Type the tiles on the rack first."; return; }
    var rec = window.jonggRecord ? window.jonggRecord() : { result: "mahjong" };
    jongg.send("POST", base + "/games/" + $("f-game").value + "/check-hand", { record: rec, hand: h }, d.key || null)
      .then(function (j) {
        $("hand-line").textContent = j.line
          ? "On the card: " + j.line.name + ", worth " + j.line.value + "."
          : (j.note || "Checked on the card.");
        if (j.line && $("f-value")) $("f-value").value = j.line.value;
        if (j.record && $("f-exposures")) $("f-exposures").value = j.record.exposures || 0;
        // A value set by script fires no input: ask score.js for the
        // points again, as typing would (issue 20.6).
        if (j.line || j.record) form.dispatchEvent(new Event("input", { bubbles: true }));
      })
      .catch(function (e) {
        // "invalid game record: `hand`: reason" -> the reason alone.
        var m = /`[^`]*`: (.*)$/.exec(e.message);
        $("err-hand").textContent = m ? m[1] : e.message;
      });
  });
});
