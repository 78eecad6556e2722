// jongg pages: a little plain JavaScript. Forms marked data-api send their
// fields as JSON to the jongg API and show its answer; the large-type
// setting; self-refreshing parts (round clocks: clock.js). Nothing is loaded from
// anywhere else.
"use strict";
(function () {
  var root = document.documentElement;
  if (localStorage.getItem("jongg-large") === "1") root.classList.add("large");
  document.addEventListener("DOMContentLoaded", function () {
    var t = document.getElementById("large-type");
    if (t) {
      t.setAttribute("aria-pressed", root.classList.contains("large") ? "true" : "false");
      t.addEventListener("click", function () {
        var on = root.classList.toggle("large");
        localStorage.setItem("jongg-large", on ? "1" : "0");
        t.setAttribute("aria-pressed", on ? "true" : "false");
      });
    }
    document.querySelectorAll("form[data-api]").forEach(wire);
    showDone();
    // No inline handlers (the Content-Security-Policy runs none).
    document.querySelectorAll("[data-print]").forEach(function (b) {
      b.addEventListener("click", function () { window.print(); });
    });
    document.querySelectorAll("[data-refresh]").forEach(refresher);
    document.querySelectorAll("[data-live]").forEach(live);
  });

  // The address as a browser reads it, if it is a path on this server (the
  // rule of local_path.rs, issue 19.5): tab, CR and LF dropped; one "/" not
  // followed by "/" or "\", no "\", no control character. Else "".
  function localPath(s) {
    s = String(s).replace(/[\t\r\n]/g, "");
    return /^\/(?![\/\\])[^\\\u0000-\u001f\u007f-\u009f]*$/.test(s) ? s : "";
  }

  // Sets obj[a][b] for the dotted name "a.b".
  function put(obj, name, value) {
    var keys = name.split(".");
    var o = obj;
    for (var i = 0; i < keys.length - 1; i++) { o = o[keys[i]] = o[keys[i]] || {}; }
    o[keys[keys.length - 1]] = value;
  }

  // The JSON body of a form: data-type="int" numbers, "bool" checkboxes,
  // "json" raw JSON, "lines" a list of lines; empty fields are left out, and
  // the fields only a form sent without the script needs ("then", "_method",
  // "_optional": forms.rs).
  function body(form) {
    var out = {};
    form.querySelectorAll("input[name], select[name], textarea[name]").forEach(function (el) {
      if (el.disabled || el.name === "then" || el.name.charAt(0) === "_") return;
      var type = el.dataset.type || (el.type === "checkbox" ? "bool" : "text");
      if (el.type === "radio" && !el.checked) return;
      var v;
      if (type === "bool") v = el.checked;
      else if (el.value.trim() === "") return;
      else if (type === "int") v = Number(el.value);
      else if (type === "json") v = JSON.parse(el.value);
      else if (type === "lines") v = el.value.split(/\r?\n/).map(function (s) { return s.trim(); }).filter(Boolean);
      else v = el.value.trim();
      put(out, el.name, v);
    });
    return out;
  }

  window.jongg = window.jongg || {};
  // The tournament's change feed (live.rs: one event a connection, the last
  // committed seq): one connection a page, however many parts listen (the
  // server may bound its listeners); each listener gets every event.
  var feeds = {};
  window.jongg.feed = function (url, fn) {
    if (!window.EventSource || !url) return false;
    var f = feeds[url];
    if (!f) {
      f = feeds[url] = { fns: [], es: new EventSource(url) };
      f.es.onmessage = function (ev) { f.fns.forEach(function (g) { g(ev); }); };
    }
    f.fns.push(fn);
    return true;
  };
  // Sends a request to the API; resolves to the JSON answer or rejects with its error message.
  window.jongg.send = function (method, url, data, key) {
    var headers = { "Content-Type": "application/json" };
    if (key) headers["Authorization"] = "Bearer " + key;
    return fetch(url, { method: method, headers: headers, credentials: "same-origin",
                        body: data === undefined ? undefined : JSON.stringify(data) })
      .then(function (r) {
        return r.text().then(function (text) {
          var json = null;
          try { json = text ? JSON.parse(text) : {}; } catch (e) { json = { error: text }; }
          if (!r.ok) throw new Error((json && json.error) || ("the server answered " + r.status));
          // What was done, in words (the same a form sent without the script is told).
          var done = r.headers.get("Jongg-Done");
          if (done && json && typeof json === "object" && !Array.isArray(json) && !json.done) {
            try { json.done = decodeURIComponent(done); } catch (e) { /* shown without it */ }
          }
          return json;
        });
      });
  };

  // Create a tournament: the rules are the chosen preset, or the uploaded file.
  // (The form itself sends rules.kind = preset and rules.name: a file needs the script.)
  window.jongg.createTournament = function (form, data) {
    var file = form.querySelector("#rules-file");
    if (file && file.files && file.files[0]) {
      var f = file.files[0];
      return f.text().then(function (toml) { data.rules = { kind: "file", label: f.name, toml: toml }; return data; });
    }
    return Promise.resolve(data);
  };

  // Restore a backup (issue 32.9): the file's JSON is the body of the
  // import, checked by the server as `jongg import` checks it; a new name
  // goes in the address (?name=), only when given.
  window.jongg.restoreBackup = function (form, data) {
    var file = form.querySelector("#backup-file");
    if (!file || !file.files || !file.files[0]) return Promise.reject(new Error("choose the backup file (a .json saved by Export)"));
    var name = (data.name || "").trim();
    form.dataset.api = "/api/tournaments/import" + (name ? "?name=" + encodeURIComponent(name) : "");
    return file.files[0].text().then(function (t) {
      try { return JSON.parse(t); } catch (e) { throw new Error("the file is not a tournament file (it is not JSON): " + e.message); }
    });
  };

  // The settings: sit-out points only go with sitting out.
  window.jongg.settings = function (form, data) {
    if (data.odd_players && data.odd_players.kind !== "sit_out") delete data.odd_players.points;
    return Promise.resolve(data);
  };

  // Seating: the draw number goes only with a random draw (the API refuses
  // a field a method does not have).
  window.jongg.seat = function (form, data) {
    if (data.method && data.method.kind !== "random") delete data.method.seed;
    return Promise.resolve(data);
  };

  // A CSV file chosen in the players form is read into its text box.
  document.addEventListener("change", function (ev) {
    var el = ev.target;
    if (el.id === "players-file" && el.files && el.files[0]) {
      el.files[0].text().then(function (t) { document.getElementById("players-csv").value = t; });
    }
  });

  // What the last form sent by the script did, at the top of the page it
  // went to (as the server writes a form's `?done=` without the script).
  function showDone() {
    var done = sessionStorage.getItem("jongg-done");
    sessionStorage.removeItem("jongg-done");
    var main = document.getElementById("main");
    if (!done || !main) return;
    // (An older `?done=` of the address gives way to it.)
    var old = document.getElementById("done");
    if (old) { old.textContent = done; return; }
    var p = document.createElement("p");
    p.className = "flash";
    p.id = "done";
    p.setAttribute("role", "status");
    p.textContent = done;
    main.insertBefore(p, main.firstChild);
  }

  function wire(form) {
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) return;
      var err = form.querySelector(".form-error");
      if (err) err.textContent = "";
      var data;
      try {
        data = form.dataset.body ? JSON.parse(form.dataset.body) : body(form);
      } catch (e) {
        if (err) err.textContent = "That is not valid: " + e.message;
        return;
      }
      var pre = form.dataset.prepare && window.jongg[form.dataset.prepare];
      var ready = pre ? pre(form, data) : Promise.resolve(data);
      var button = form.querySelector("button[type=submit], button:not([type])");
      if (button) button.disabled = true;
      ready.then(function (d) {
        // "{name}" in the address takes that field's value out of the body.
        var url = form.dataset.api.replace(/\{(\w+)\}/g, function (_, k) {
          var v = d[k];
          delete d[k];
          return encodeURIComponent(v === undefined ? "" : String(v));
        });
        return window.jongg.send(form.dataset.method || "POST", url, d);
      }).then(function (answer) {
        // To the form's page (or this one again), which says what was done.
        // (The login answers the page to go to: an official's is the floor.)
        var next = typeof answer.then === "string" ? answer.then : (form.dataset.then || "");
        var done = answer.done || "";
        // The words go by this tab's storage: the server shows a `?done=`
        // only with its own signature (flash.rs), which the script has not.
        next = next.replace(/([?&])done=\{done\}&?/, "$1").replace(/[?&]$/, "");
        if (done) sessionStorage.setItem("jongg-done", done);
        next = localPath(next.replace("{id}", answer.id));
        if (next === "") { location.reload(); return; }
        location.href = next;
      }).catch(function (e) {
        if (button) button.disabled = false;
        if (err) { err.textContent = e.message; err.focus(); }
        else window.alert(e.message);
      });
    });
  }

  // Re-fetches the page every N seconds and swaps in the fresh element of
  // the same id, so standings keep themselves current without a reload.
  // The part's content is swapped, not the part, so that a polite live
  // region stays one and says what changed. Not while the focus is in it
  // (a player about to press Join), nor while paused by its
  // data-refresh-pause button (the waiting room, issue 33.5); it stops
  // when the fresh page no longer refreshes the part.
  function refresher(el) {
    var secs = Number(el.dataset.refresh) || 30;
    var paused = false;
    var note = document.querySelector('[data-refresh-note="' + el.id + '"]');
    var pause = document.querySelector('[data-refresh-pause="' + el.id + '"]');
    if (note) note.hidden = false;
    if (pause) pause.addEventListener("click", function () {
      paused = !paused;
      pause.setAttribute("aria-pressed", String(paused));
      pause.textContent = paused ? "Resume the updates" : "Pause the updates";
    });
    var timer = setInterval(function () {
      if (paused) return;
      fetch(location.href, { credentials: "same-origin" }).then(function (r) { return r.text(); })
        .then(function (html) {
          var doc = new DOMParser().parseFromString(html, "text/html");
          var fresh = doc.getElementById(el.id);
          var now = document.getElementById(el.id);
          if (!fresh || !now) return;
          var last = !fresh.hasAttribute("data-refresh");
          if (last) { clearInterval(timer); if (note) note.hidden = true; }
          var focused = document.activeElement;
          if (!last && focused && focused !== document.body && now.contains(focused)) return;
          if (now.innerHTML !== fresh.innerHTML) now.innerHTML = fresh.innerHTML;
        }).catch(function () {});
    }, secs * 1000);
  }

  // Round control: the tournament's change feed (server-sent events, one
  // event per connection, the last committed seq) says when to fetch the
  // live part again (data-live, an HTML fragment) and swap it in; its forms
  // are wired again. When the round clock runs out, it is fetched once more
  // (tables turn late without any change).
  function live(el) {
    var seen = Number((el.querySelector("[data-seq]") || el).dataset.seq || 0);
    var busy = false, again = false, timer = null;
    function refetch() {
      if (busy) { again = true; return; }
      busy = true;
      fetch(el.dataset.live, { credentials: "same-origin" })
        .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
        .then(function (html) {
          el.innerHTML = html;
          el.querySelectorAll("form[data-api]").forEach(wire);
          var s = el.querySelector("[data-seq]");
          if (s) seen = Math.max(seen, Number(s.dataset.seq));
          el.dataset.updated = String(seen);
          schedule();
        }).catch(function () {})
        .then(function () { busy = false; if (again) { again = false; refetch(); } });
    }
    // The round clock's reading (clock.html: time left when fetched, while
    // it runs) says when time will be called.
    function schedule() {
      if (timer) clearTimeout(timer);
      var c = el.querySelector("[data-clock]");
      var runs = c && (c.dataset.state === "running" || c.dataset.state === "warning");
      var wait = runs ? Number(c.dataset.left) : -1;
      if (wait > 0 && wait < 2147483647) timer = setTimeout(refetch, wait + 500);
    }
    schedule();
    window.jongg.feed(el.dataset.changes, function (ev) {
      var seq = Number(ev.data);
      if (seq > seen) { seen = seq; refetch(); }
    });
  }
})();
