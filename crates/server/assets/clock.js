// The round clock on every page that shows one (14.5). The server renders
// each clock ([data-clock]) with its state and the time left it read
// (Tournament::clock); this counts down from that with the page's own
// monotonic time, so a phone's wrong clock does not matter. At the warning
// and at time called the clock changes colour and words, elements marked
// data-show-at="<state>" appear, and a short beep sounds where the browser
// allows (Web Audio, after the page was touched once). Nothing is loaded.
"use strict";
(function () {
  // Tests move the page's time forward without waiting: jonggClock.advance(ms).
  var offset = 0;
  function now() { return performance.now() + offset; }
  window.jonggClock = {
    advance: function (ms) { offset += ms; tick(); },
    beeps: 0
  };

  // The words the server uses for each state (pages/clock.rs).
  var WORDS = {
    running: "left", warning: "left: the round ends soon", time_called: "Time is called",
    paused: "paused by the director", stopped: "the round is closed"
  };

  var audio = null;
  function unlock() {
    if (audio || !(window.AudioContext || window.webkitAudioContext)) return;
    try { audio = new (window.AudioContext || window.webkitAudioContext)(); } catch (e) { audio = null; }
  }
  ["pointerdown", "keydown", "touchstart"].forEach(function (k) {
    document.addEventListener(k, unlock, { once: true, passive: true });
  });
  // `n` short tones: two at the warning, three at time called.
  function beep(n) {
    window.jonggClock.beeps += n;
    if (!audio) return;
    try {
      if (audio.state === "suspended") audio.resume();
      for (var i = 0; i < n; i++) {
        var o = audio.createOscillator(), g = audio.createGain();
        var t = audio.currentTime + i * 0.3;
        o.frequency.value = 880;
        g.gain.setValueAtTime(0.25, t);
        g.gain.exponentialRampToValueAtTime(0.001, t + 0.2);
        o.connect(g); g.connect(audio.destination);
        o.start(t); o.stop(t + 0.22);
      }
    } catch (e) { /* no sound: the page still shows it */ }
  }

  function text(ms) {
    var s = Math.ceil(Math.max(0, ms) / 1000);
    var m = Math.floor(s / 60); s = s % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  // (Hidden again when the director gives time back.)
  function show(state) {
    document.querySelectorAll("[data-show-at]").forEach(function (el) {
      el.hidden = el.dataset.showAt !== state;
    });
  }

  // The director's pause, extension or restart reaches every page within a
  // moment: at each change of the tournament (the change feed), each clock
  // ([data-read]) is read again from the clock API (live.rs, clock.rs).
  function follow() {
    var first = document.querySelector("[data-clock][data-changes]");
    if (!first || !window.jongg || !window.jongg.feed) return;
    var seen = null;
    // The first event (on connecting) reads too: a change made while the
    // page loaded is not missed.
    window.jongg.feed(first.dataset.changes, function (ev) {
      if (ev.data === seen) return;
      seen = ev.data;
      document.querySelectorAll("[data-clock][data-read]").forEach(reread);
    });
  }

  function reread(el) {
    fetch(el.dataset.read, { credentials: "same-origin" })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(function (j) {
        var c = j && j.clock;
        if (!c || !WORDS[c.state]) return;
        el.dataset.state = c.state;
        el.dataset.left = String(c.left_ms);
        el.dataset.warn = String(c.warning_ms);
        el.dataset.t0 = String(now());
        el.dataset.followed = String(Number(el.dataset.followed || 0) + 1);
        tick();
      }).catch(function () { /* the next change reads it again */ });
  }

  function tick() {
    document.querySelectorAll("[data-clock]").forEach(function (el) {
      if (!el.dataset.t0) el.dataset.t0 = String(now());
      var given = el.dataset.state;
      var left = Number(el.dataset.left);
      var state = given;
      if (given === "running" || given === "warning") {
        left = Math.max(0, left - (now() - Number(el.dataset.t0)));
        var warn = Number(el.dataset.warn);
        state = left <= 0 ? "time_called" : (warn > 0 && left <= warn ? "warning" : "running");
      }
      var c = el.querySelector(".clock");
      if (c) c.textContent = text(left);
      var was = el.dataset.shown;
      if (state === was) return;
      el.dataset.shown = state;
      el.className = el.className.replace(/\bstate-\w+/, "state-" + state);
      var w = el.querySelector(".clock-word");
      if (w && WORDS[state]) w.textContent = WORDS[state];
      // A change seen on this page signals; a page opened late only shows;
      // the small clocks (data-quiet: round control's tiles) never sound.
      var quiet = el.hasAttribute("data-quiet");
      if (was && !quiet && state === "warning") beep(2);
      if (was && !quiet && state === "time_called") beep(3);
      show(state);
    });
  }

  // The director's clock form sends minutes only with "add".
  window.jongg = window.jongg || {};
  window.jongg.clock = function (form, data) {
    if (data.action && data.action.kind !== "extend") delete data.action.minutes;
    return Promise.resolve(data);
  };

  // The score page: "Enter game N as time called" picks that game and R7's ending.
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest && ev.target.closest("[data-time-called]");
    if (!b) return;
    var game = document.getElementById("f-game");
    var timeout = document.querySelector("#f-result input[value=timeout]");
    if (!game || !timeout) return;
    game.value = b.dataset.timeCalled;
    game.dispatchEvent(new Event("change", { bubbles: true }));
    timeout.checked = true;
    timeout.dispatchEvent(new Event("change", { bubbles: true }));
    var form = document.getElementById("game-form");
    if (form) { form.scrollIntoView(); timeout.focus(); }
  });

  document.addEventListener("DOMContentLoaded", function () {
    tick();
    setInterval(tick, 1000);
    follow();
  });
})();
