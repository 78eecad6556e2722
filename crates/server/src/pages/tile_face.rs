//! A tile drawn with its face (issue 33.1), for the pages the server draws
//! (the replay and its coach); `assets/tiles.js` draws the same for the live
//! table, the watch page and the score page's hand entry. The faces are one
//! cached sprite, `assets/tiles.svg` (`scripts/tiles-svg.mjs` writes it),
//! jongg's own drawings under jongg's licence. Each tile is
//! `<svg role="img" aria-label="7C, 7 Crak">` with a `<use>` of its symbol:
//! its code and words are its accessible name, and the code is the small
//! index in the face's corner.

use super::assets::asset;
use crate::edge::access::Access;
use crate::edge::route::{Route, route};
use axum::response::IntoResponse;
use jongg_tiles::{Dragon, Suit, Tile, Wind};
use std::fmt::Write;
use utoipa_axum::routes;

/// Every face: `<symbol id="t-CODE">` for each tile code.
pub(crate) const TILES_SVG: &str = include_str!("../../assets/tiles.svg");
/// The live pages' drawing of a tile with its face.
pub(crate) const TILES_JS: &str = include_str!("../../assets/tiles.js");

pub(super) fn routes() -> Vec<Route> {
    vec![
        route(Access::Public, routes!(tiles_svg)),
        route(Access::Public, routes!(tiles_js)),
    ]
}

/// The tiles' faces: one SVG symbol per tile code (`#t-7C`, `#t-RD`, ...).
#[utoipa::path(get, path = "/assets/tiles.svg",
    responses((status = OK, description = "SVG", content_type = "image/svg+xml")))]
async fn tiles_svg() -> impl IntoResponse {
    asset("image/svg+xml; charset=utf-8", TILES_SVG)
}

/// The live pages' script that draws a tile with its face.
#[utoipa::path(get, path = "/assets/tiles.js",
    responses((status = OK, description = "JavaScript", content_type = "text/javascript")))]
async fn tiles_js() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", TILES_JS)
}

/// A tile in words, as the live table says it: "7 Crak", "Red dragon".
pub(crate) fn words(t: Tile) -> String {
    if let (Some(suit), Some(n)) = (t.suit(), t.number()) {
        let s = match suit {
            Suit::Dots => "Dot",
            Suit::Bams => "Bam",
            Suit::Craks => "Crak",
        };
        return format!("{n} {s}");
    }
    if t == Tile::FLOWER {
        return "Flower".into();
    }
    if t == Tile::JOKER {
        return "Joker".into();
    }
    let honour = Wind::ALL
        .into_iter()
        .find(|w| Tile::wind(*w) == t)
        .map(|w| match w {
            Wind::East => "East wind",
            Wind::South => "South wind",
            Wind::West => "West wind",
            Wind::North => "North wind",
        })
        .or_else(|| {
            Dragon::ALL
                .into_iter()
                .find(|d| Tile::dragon(*d) == t)
                .map(|d| match d {
                    Dragon::Red => "Red dragon",
                    Dragon::Green => "Green dragon",
                    Dragon::White => "White dragon (Soap)",
                })
        });
    honour.unwrap_or("tile").into()
}

/// A tile as a page draws it: its code, its suit's letter (`h` for
/// honours, flowers and jokers) and its words.
pub(crate) struct TileView {
    pub code: String,
    pub suit: char,
    pub name: String,
}

impl TileView {
    pub(crate) fn new(t: Tile) -> TileView {
        TileView {
            code: t.to_string(),
            suit: t.suit().map_or('h', Suit::letter),
            name: words(t),
        }
    }

    /// The tile's markup; nothing in it comes from a user (the code and
    /// the words are jongg's own), so it needs no escaping.
    pub(crate) fn html(&self) -> String {
        let mut s = String::with_capacity(220);
        let _ = write!(
            s,
            "<span class=\"tile s-{suit}\" data-tile=\"{code}\" title=\"{name}\">\
             <svg role=\"img\" aria-label=\"{code}, {name}\" viewBox=\"0 0 60 80\">\
             <use href=\"/assets/tiles.svg#t-{code}\"/></svg></span>",
            suit = self.suit,
            code = self.code,
            name = self.name,
        );
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `id`s of the sprite's symbols, in order.
    fn symbol_ids() -> Vec<&'static str> {
        TILES_SVG
            .split("<symbol ")
            .skip(1)
            .map(|s| {
                let id = s.split("id=\"").nth(1).expect("an id");
                &id[..id.find('"').expect("a closing quote")]
            })
            .collect()
    }

    #[test]
    fn every_tile_code_has_its_face_and_no_face_is_left_over() {
        let codes: Vec<String> = Tile::all_kinds().map(|t| format!("t-{t}")).collect();
        assert_eq!(symbol_ids(), codes);
    }

    #[test]
    fn the_sprite_is_well_formed_with_a_view_box_and_an_index_on_each_face() {
        // Every tag closes in order (a small check of the XML: no DTD,
        // no CDATA, attributes quoted).
        let mut open: Vec<&str> = Vec::new();
        let body = &TILES_SVG[TILES_SVG.find("<svg").expect("an svg")..];
        let mut rest = body;
        while let Some(at) = rest.find('<') {
            rest = &rest[at + 1..];
            let end = rest.find('>').expect("a tag ends");
            let tag = &rest[..end];
            rest = &rest[end + 1..];
            if tag.starts_with("!--") {
                assert!(tag.ends_with("--"), "a comment: {tag}");
            } else if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(open.pop(), Some(name), "closing {name}");
            } else if !tag.ends_with('/') {
                let name = tag.split_whitespace().next().expect("a name");
                open.push(name);
            }
            // Quotes pair up in each tag.
            assert_eq!(tag.matches('"').count() % 2, 0, "{tag}");
        }
        assert!(open.is_empty(), "left open: {open:?}");
        assert!(TILES_SVG.contains("xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(TILES_SVG.contains("MIT OR Apache-2.0"), "the licence");
        // No styles: the asset is served under a policy that allows none.
        assert!(!TILES_SVG.contains("<style") && !TILES_SVG.contains("style="));
        for symbol in TILES_SVG.split("<symbol ").skip(1) {
            let symbol = &symbol[..symbol.find("</symbol>").expect("closed")];
            assert!(symbol.contains("viewBox=\"0 0 60 80\""), "{symbol}");
            let code = symbol
                .split("id=\"t-")
                .nth(1)
                .and_then(|s| s.split('"').next());
            let index = format!(">{}</text>", code.expect("a code"));
            assert!(symbol.contains(&index), "the corner index: {symbol}");
        }
    }

    #[test]
    fn a_tile_is_named_by_its_code_and_its_words() {
        let seven_crak = Tile::suited(Suit::Craks, 7).expect("7C");
        let v = TileView::new(seven_crak);
        assert_eq!((v.code.as_str(), v.suit), ("7C", 'C'));
        let html = v.html();
        assert!(html.contains("aria-label=\"7C, 7 Crak\""), "{html}");
        assert!(html.contains("href=\"/assets/tiles.svg#t-7C\""), "{html}");
        assert_eq!(words(Tile::dragon(Dragon::White)), "White dragon (Soap)");
        assert_eq!(words(Tile::wind(Wind::North)), "North wind");
        assert_eq!(TileView::new(Tile::JOKER).suit, 'h');
        assert_eq!(TileView::new(Tile::FLOWER).name, "Flower");
        // Every kind has words of its own.
        let mut all: Vec<String> = Tile::all_kinds().map(words).collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), jongg_tiles::KIND_COUNT);
    }
}
