#!/usr/bin/env node
// Writes crates/server/assets/tiles.svg, the faces of the tiles (issue 33.1):
// one <symbol id="t-CODE"> per tile code of docs/notation.md, drawn here from
// circles, rectangles and paths, jongg's own artwork under the project's
// licence (MIT OR Apache-2.0). Run it after changing a face:
//   node scripts/tiles-svg.mjs
// Each face is 60 by 80; the code is a small index in the top left corner,
// the face below it. Colour and shape both tell the tiles apart: Dots are
// circles (blue), Bams sticks (green), Craks a numeral over a drawn mark
// (red), the winds a letter in a compass ring with its arrow, the Red dragon
// a boxed bar, the Green a sprout, the White (Soap) an empty frame, the
// Flower petals, the Joker a jester's cap and its word. Only presentation
// attributes, no <style>: the asset is served under a policy with no styles.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const INK = { D: "#0b4f9c", B: "#1d5e20", C: "#a4000f", H: "#1a1a1a" };
const CREAM = "#fffdf5";
const ORANGE = "#b35c00";
const PURPLE = "#6a1b9a";
const FONT = 'font-family="system-ui, DejaVu Sans, Arial, sans-serif" font-weight="800"';
const r1 = (n) => Math.round(n * 100) / 100;

// The corner index: the code, small, in the tile's ink.
const index = (code, ink) => `<text x="3" y="14" font-size="14" ${FONT} fill="${ink}">${code}</text>`;

// A dot: a disc with a cream ring and centre.
const dot = (x, y, r, ink = INK.D) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${ink}"/>` +
  `<circle cx="${x}" cy="${y}" r="${r1(r * 0.58)}" fill="none" stroke="${CREAM}" stroke-width="${r1(r * 0.18)}"/>` +
  `<circle cx="${x}" cy="${y}" r="${r1(r * 0.2)}" fill="${CREAM}"/>`;
const DOTS = {
  2: [[30, 32], [30, 63]],
  3: [[15, 26], [30, 47], [45, 68]],
  4: [[18, 33], [42, 33], [18, 61], [42, 61]],
  5: [[15, 28], [45, 28], [30, 47], [15, 66], [45, 66]],
  6: [[18, 27], [42, 27], [18, 47], [42, 47], [18, 67], [42, 67]],
  7: [[13, 24], [30, 31], [47, 38], [19, 55], [41, 55], [19, 71], [41, 71]],
  8: [[18, 24], [42, 24], [18, 41], [42, 41], [18, 58], [42, 58], [18, 74], [42, 74]],
  9: [[13, 27], [30, 27], [47, 27], [13, 47], [30, 47], [47, 47], [13, 67], [30, 67], [47, 67]],
};
const DOT_R = { 2: 11, 3: 9, 4: 10, 5: 8.5, 6: 8.5, 7: 7, 8: 7, 9: 7.5 };
function dots(n) {
  if (n === 1) {
    // One large dot with a ring of small ones.
    let s = `<circle cx="30" cy="48" r="22" fill="none" stroke="${INK.D}" stroke-width="2"/>`;
    for (let i = 0; i < 12; i++) {
      const a = (i * Math.PI) / 6;
      s += `<circle cx="${r1(30 + 18 * Math.cos(a))}" cy="${r1(48 + 18 * Math.sin(a))}" r="1.8" fill="${INK.D}"/>`;
    }
    return s + dot(30, 48, 13);
  }
  return DOTS[n].map(([x, y]) => dot(x, y, DOT_R[n])).join("");
}

// A bamboo stick: a rounded bar with a cream joint at its middle.
const stick = (x, y, h) =>
  `<rect x="${x - 4}" y="${r1(y - h / 2)}" width="8" height="${h}" rx="3" fill="${INK.B}"/>` +
  `<path d="M${x - 4} ${y}h8M${x} ${r1(y - h / 2 + 3)}v${r1(h / 2 - 5)}M${x} ${y + 2}v${r1(h / 2 - 5)}" stroke="${CREAM}" stroke-width="1.2"/>`;
const BAMS = {
  2: [[30, 33, 24], [30, 62, 24]],
  3: [[30, 33, 24], [19, 62, 24], [41, 62, 24]],
  4: [[19, 33, 24], [41, 33, 24], [19, 62, 24], [41, 62, 24]],
  5: [[14, 33, 24], [46, 33, 24], [30, 47, 24], [14, 62, 24], [46, 62, 24]],
  6: [[14, 33, 24], [30, 33, 24], [46, 33, 24], [14, 62, 24], [30, 62, 24], [46, 62, 24]],
  7: [[30, 27, 16], [14, 48, 18], [30, 48, 18], [46, 48, 18], [14, 68, 18], [30, 68, 18], [46, 68, 18]],
  8: [[12, 33, 24], [24, 33, 24], [36, 33, 24], [48, 33, 24], [12, 62, 24], [24, 62, 24], [36, 62, 24], [48, 62, 24]],
  9: [[14, 27, 17], [30, 27, 17], [46, 27, 17], [14, 47, 17], [30, 47, 17], [46, 47, 17], [14, 67, 17], [30, 67, 17], [46, 67, 17]],
};
// One Bam: a bird on a stick, facing right.
const BIRD =
  `<path d="M19 50L6 33M18 53L4 45M19 56L6 59" stroke="${INK.B}" stroke-width="4" stroke-linecap="round"/>` +
  `<ellipse cx="28" cy="53" rx="14" ry="10" fill="${INK.B}"/>` +
  `<ellipse cx="37" cy="43" rx="5.5" ry="9" transform="rotate(30 37 43)" fill="${INK.B}"/>` +
  `<circle cx="41" cy="34" r="7" fill="${INK.B}"/>` +
  `<path d="M47 31L56 35L47 38Z" fill="${ORANGE}"/>` +
  `<circle cx="42.5" cy="32.5" r="1.8" fill="${CREAM}"/>` +
  `<path d="M19 51Q29 41 38 53Q29 59 19 51Z" fill="${CREAM}" fill-opacity=".45"/>` +
  `<path d="M25 62L23 71M33 62L35 71" stroke="${ORANGE}" stroke-width="2.2" stroke-linecap="round"/>` +
  `<path d="M12 73H48" stroke="${INK.B}" stroke-width="3" stroke-linecap="round"/>`;
const bams = (n) => (n === 1 ? BIRD : BAMS[n].map(([x, y, h]) => stick(x, y, h)).join(""));

// A Crak: its numeral over a drawn mark of the suit (not a font's glyph).
const CRAK_MARK =
  `<path d="M14 51H46M22 47V55M38 47V55M30 57V76M20 68H40M20 68L15 76M40 68Q43 74 46 73" ` +
  `fill="none" stroke="${INK.C}" stroke-width="2.8" stroke-linecap="round" stroke-linejoin="round"/>` +
  `<rect x="19" y="57" width="22" height="7" fill="none" stroke="${INK.C}" stroke-width="2.4"/>`;
const craks = (n) =>
  `<text x="30" y="44" font-size="28" text-anchor="middle" ${FONT} fill="${INK.C}">${n}</text>` + CRAK_MARK;

// A wind: its letter in a compass ring, an arrow at its side of the ring.
const ARROW = {
  N: "M23 33L30 22L37 33Z",
  E: "M47 43L58 50L47 57Z",
  S: "M23 67L30 78L37 67Z",
  W: "M13 43L2 50L13 57Z",
};
const wind = (w) =>
  `<circle cx="30" cy="50" r="17" fill="none" stroke="${INK.H}" stroke-width="2.5"/>` +
  `<path d="${ARROW[w]}" fill="${INK.H}"/>` +
  `<text x="30" y="59" font-size="25" text-anchor="middle" ${FONT} fill="${INK.H}">${w}</text>`;

// The dragons, each its own shape: Red a bar through a box, Green a sprout
// of three leaves, White (Soap) an empty double frame.
const RED =
  `<rect x="12" y="37" width="36" height="22" rx="2" fill="none" stroke="${INK.C}" stroke-width="5"/>` +
  `<rect x="26.5" y="21" width="7" height="56" rx="1.5" fill="${INK.C}"/>`;
const GREEN =
  `<path d="M30 76V40" stroke="${INK.B}" stroke-width="4" stroke-linecap="round"/>` +
  `<ellipse cx="30" cy="33" rx="7" ry="13" fill="${INK.B}"/>` +
  `<ellipse cx="17" cy="50" rx="6" ry="13" transform="rotate(-50 17 50)" fill="${INK.B}"/>` +
  `<ellipse cx="43" cy="50" rx="6" ry="13" transform="rotate(50 43 50)" fill="${INK.B}"/>` +
  `<path d="M18 76H42" stroke="${INK.B}" stroke-width="3.5" stroke-linecap="round"/>`;
const WHITE =
  `<rect x="9" y="20" width="42" height="57" rx="2" fill="none" stroke="${INK.D}" stroke-width="3.5"/>` +
  `<rect x="16" y="27" width="28" height="43" fill="none" stroke="${INK.D}" stroke-width="1.6"/>` +
  `<path d="M9 20L16 27M51 20L44 27M9 77L16 70M51 77L44 70" stroke="${INK.D}" stroke-width="1.6"/>`;

// The Flower: six petals round an orange heart, a leaf on the stem. One face
// for all eight: the rules know one Flower kind, and faces that differ would
// ask whether two flowers match.
function flower() {
  let s = `<path d="M30 50V77M30 66Q40 58 46 64Q38 72 30 66Z" stroke="${INK.B}" stroke-width="3" fill="${INK.B}" stroke-linejoin="round"/>`;
  for (let i = 0; i < 6; i++) {
    s += `<ellipse cx="30" cy="29" rx="6" ry="10" transform="rotate(${i * 60} 30 41)" fill="${PURPLE}"/>`;
  }
  return s + `<circle cx="30" cy="41" r="6" fill="${ORANGE}"/><circle cx="30" cy="41" r="2.5" fill="${CREAM}"/>`;
}

// The Joker: a jester's cap with three bells, and its word.
const JOKER =
  `<path d="M13 57L9 29L22 43L30 22L38 43L51 29L47 57Z" fill="${PURPLE}" stroke="${INK.H}" stroke-width="1.5" stroke-linejoin="round"/>` +
  `<rect x="12" y="55" width="36" height="6" rx="1.5" fill="${INK.H}"/>` +
  `<circle cx="9" cy="27" r="3.5" fill="${ORANGE}"/><circle cx="30" cy="20" r="3.5" fill="${ORANGE}"/><circle cx="51" cy="27" r="3.5" fill="${ORANGE}"/>` +
  `<text x="30" y="76" font-size="13" text-anchor="middle" ${FONT} fill="${INK.H}">JOKER</text>`;

// Every code in the order of docs/notation.md, with its ink and its face.
export function faces() {
  const out = [];
  for (const [s, draw] of [["D", dots], ["B", bams], ["C", craks]]) {
    for (let n = 1; n <= 9; n++) out.push([`${n}${s}`, INK[s], draw(n)]);
  }
  for (const w of ["E", "S", "W", "N"]) out.push([w, INK.H, wind(w)]);
  out.push(["RD", INK.C, RED], ["GD", INK.B, GREEN], ["WD", INK.D, WHITE]);
  out.push(["F", PURPLE, flower()], ["J", INK.H, JOKER]);
  return out;
}

export function sprite() {
  const symbols = faces().map(([code, ink, face]) =>
    `<symbol id="t-${code}" viewBox="0 0 60 80">${index(code, ink)}${face}</symbol>`);
  return `<svg xmlns="http://www.w3.org/2000/svg">\n` +
    `<!-- jongg's tile faces, drawn for jongg by scripts/tiles-svg.mjs (issue 33.1).\n` +
    `     Copyright (c) the jongg authors. Licensed like jongg: MIT OR Apache-2.0. -->\n` +
    symbols.join("\n") + "\n</svg>\n";
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const to = new URL("../crates/server/assets/tiles.svg", import.meta.url);
  writeFileSync(to, sprite());
  console.log(`wrote ${fileURLToPath(to)}: ${faces().length} faces`);
}
