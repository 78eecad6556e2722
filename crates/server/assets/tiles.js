// A tile drawn with its face (issue 33.1), for the live table, the watch
// page and the score page's hand entry; the server draws the same markup for
// the replay (src/pages/tile_face.rs). The faces are one cached sprite,
// /assets/tiles.svg, jongg's own drawings. A tile is an <svg role="img">
// named by its code and its words ("7C, 7 Crak"); the code is also the small
// index in the face's corner.
"use strict";
window.JonggTiles = (function () {
  const SVG = "http://www.w3.org/2000/svg";
  const SUITS = { D: "Dot", B: "Bam", C: "Crak" };
  const NAMES = { E: "East wind", S: "South wind", W: "West wind", N: "North wind", RD: "Red dragon",
    GD: "Green dragon", WD: "White dragon (Soap)", F: "Flower", J: "Joker" };
  const suited = (t) => /^[1-9][DBC]$/.test(t);

  // A tile in words: "5 Bam", "Red dragon".
  function words(t) {
    if (suited(t)) return `${t[0]} ${SUITS[t[1]]}`;
    return NAMES[t] || t;
  }

  // The tile `t` (its code) as a <tag class="tile">: its face, named.
  function face(t, tag = "span") {
    const e = document.createElement(tag);
    e.className = `tile s-${suited(t) ? t[1] : "h"}`;
    e.dataset.tile = t;
    e.title = words(t);
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", `${t}, ${words(t)}`);
    svg.setAttribute("viewBox", "0 0 60 80");
    const use = document.createElementNS(SVG, "use");
    use.setAttribute("href", `/assets/tiles.svg#t-${t}`);
    svg.append(use);
    e.append(svg);
    return e;
  }

  return { words, face };
})();
