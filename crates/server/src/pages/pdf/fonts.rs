//! The fonts PDFs are printed in, built into the binary (crates/server/fonts,
//! their licences beside them) so that a PDF looks the same on any machine
//! and needs nothing installed:
//!
//! - DejaVu Sans and DejaVu Sans Bold: Latin with every mark (Łucja,
//!   Ærøskøbing), Greek, Cyrillic and more;
//! - Droid Sans Fallback: Chinese, Japanese and Korean, for the characters
//!   DejaVu lacks (bold is drawn by stroking the outline as well).
//!
//! A PDF embeds only the glyphs it uses ([`Subset`]), so a page of Latin
//! names carries a few kilobytes of font and no CJK font at all. Glyphs are
//! placed one per character, without shaping: right-to-left and joined
//! scripts (Hebrew, Arabic, Indic) are not laid out correctly.

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Filter, Name, Pdf, Rect, Ref, Str};
use std::sync::LazyLock;
use subsetter::GlyphRemapper;
use ttf_parser::{Face, GlyphId};

/// One of the embedded fonts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FontId {
    Regular,
    Bold,
    Cjk,
}

impl FontId {
    pub(crate) const ALL: [FontId; 3] = [FontId::Regular, FontId::Bold, FontId::Cjk];

    pub(crate) fn index(self) -> usize {
        self as usize
    }

    /// The font's resource name in a page's content.
    pub(crate) fn resource(self) -> &'static [u8] {
        match self {
            FontId::Regular => b"F1",
            FontId::Bold => b"F2",
            FontId::Cjk => b"F3",
        }
    }
}

/// A font file and what is read from it once.
pub(crate) struct Font {
    /// The PostScript name (a subset's name is `ABCDEF+` and this).
    pub name: &'static str,
    pub data: &'static [u8],
    face: Face<'static>,
    /// Font units to thousandths of an em.
    per_mille: f32,
}

impl std::fmt::Debug for Font {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Font").field("name", &self.name).finish()
    }
}

impl Font {
    fn load(name: &'static str, data: &'static [u8]) -> Font {
        // The files are part of the source tree: a broken one fails every
        // PDF test at once.
        let face = Face::parse(data, 0).expect("an embedded font parses");
        let per_mille = 1000.0 / f32::from(face.units_per_em());
        Font {
            name,
            data,
            face,
            per_mille,
        }
    }

    /// A length in font units, in thousandths of an em.
    pub(crate) fn to_mille(&self, units: f32) -> f32 {
        units * self.per_mille
    }

    fn advance(&self, glyph: GlyphId) -> f32 {
        self.to_mille(f32::from(self.face.glyph_hor_advance(glyph).unwrap_or(0)))
    }

    pub(crate) fn face(&self) -> &Face<'static> {
        &self.face
    }
}

static FONTS: LazyLock<[Font; 3]> = LazyLock::new(|| {
    [
        Font::load(
            "DejaVuSans",
            include_bytes!("../../../fonts/DejaVuSans.ttf"),
        ),
        Font::load(
            "DejaVuSans-Bold",
            include_bytes!("../../../fonts/DejaVuSans-Bold.ttf"),
        ),
        Font::load(
            "DroidSansFallback",
            include_bytes!("../../../fonts/DroidSansFallback.ttf"),
        ),
    ]
});

pub(crate) fn font(id: FontId) -> &'static Font {
    &FONTS[id.index()]
}

/// How one character is printed: which font, which glyph, how wide.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Glyph {
    pub font: FontId,
    pub id: u16,
    /// The advance width in thousandths of an em.
    pub advance: f32,
}

/// Characters below this are looked up once and kept (Latin and its marks).
const TABLE: usize = 0x250;

static LATIN: LazyLock<[[Glyph; TABLE]; 2]> = LazyLock::new(|| {
    let row = |bold| std::array::from_fn(|i| lookup(char::from_u32(i as u32).unwrap_or(' '), bold));
    [row(false), row(true)]
});

/// The glyph of `c`: from DejaVu Sans (bold or not) if it has one, else from
/// the CJK font, else DejaVu's "missing" box (never a `?` that reads as a
/// letter).
pub(crate) fn glyph(c: char, bold: bool) -> Glyph {
    match LATIN[usize::from(bold)].get(c as usize) {
        Some(g) => *g,
        None => lookup(c, bold),
    }
}

fn lookup(c: char, bold: bool) -> Glyph {
    let primary = if bold { FontId::Bold } else { FontId::Regular };
    // Tabs and line breaks are spaces here (no name holds them; text that
    // does prints on one line).
    let c = if c.is_whitespace() { ' ' } else { c };
    for id in [primary, FontId::Cjk] {
        let f = font(id);
        if let Some(g) = f.face.glyph_index(c) {
            return Glyph {
                font: id,
                id: g.0,
                advance: f.advance(g),
            };
        }
    }
    Glyph {
        font: primary,
        id: 0,
        advance: font(primary).advance(GlyphId(0)),
    }
}

/// The glyphs one PDF uses of one font: their numbers in the subset, the
/// character each stands for (the PDF's ToUnicode map, so text can be
/// copied and searched) and their widths.
#[derive(Debug)]
pub(crate) struct Subset {
    pub remapper: GlyphRemapper,
    /// (glyph in the subset, character), the first character seen for it.
    pub chars: Vec<(u16, char)>,
    /// Advance widths by glyph in the subset.
    pub widths: Vec<f32>,
}

impl Default for Subset {
    fn default() -> Subset {
        Subset {
            remapper: GlyphRemapper::new(),
            chars: Vec::new(),
            // .notdef (always glyph 0); its width is set when used.
            widths: vec![0.0],
        }
    }
}

impl Subset {
    /// The glyph's number in the subset (taken into it on first use).
    pub(crate) fn add(&mut self, g: Glyph, c: char) -> u16 {
        let new = self.remapper.remap(g.id);
        let i = usize::from(new);
        if i == self.widths.len() {
            self.widths.push(g.advance);
            if g.id != 0 {
                self.chars.push((new, c));
            }
        } else if g.id == 0 {
            self.widths[0] = g.advance;
        }
        new
    }

    /// Whether any glyph but .notdef was used.
    pub(crate) fn is_used(&self) -> bool {
        self.widths.len() > 1 || self.widths[0] > 0.0
    }
}

/// The registry, ordering and supplement of a font whose CIDs are its
/// glyph numbers.
const IDENTITY: SystemInfo<'static> = SystemInfo {
    registry: Str(b"Adobe"),
    ordering: Str(b"Identity"),
    supplement: 0,
};

/// Writes the glyphs `subset` holds of font `id` into `pdf` as a Type 0
/// font (a TrueType CID font with its subset embedded and a ToUnicode map);
/// answers the font's object. `alloc` gives the objects' numbers.
pub(crate) fn embed(
    pdf: &mut Pdf,
    alloc: &mut impl FnMut() -> Ref,
    id: FontId,
    subset: &Subset,
) -> Result<Ref, subsetter::Error> {
    let f = font(id);
    let data = subsetter::subset(f.data, 0, &subset.remapper)?;
    let [type0, cid, descriptor, file, cmap] = std::array::from_fn(|_| alloc());
    let name = format!("{}+{}", subset.tag(), f.name);
    let name = Name(name.as_bytes());
    pdf.type0_font(type0)
        .base_font(name)
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid)
        .to_unicode(cmap);
    let mut c = pdf.cid_font(cid);
    c.subtype(CidFontType::Type2)
        .base_font(name)
        .system_info(IDENTITY)
        .font_descriptor(descriptor)
        .default_width(0.0)
        .cid_to_gid_map_predefined(Name(b"Identity"));
    c.widths().consecutive(0, subset.widths.iter().copied());
    drop(c);
    let face = f.face();
    let b = face.global_bounding_box();
    let mille = |v: i16| f.to_mille(f32::from(v));
    pdf.font_descriptor(descriptor)
        .name(name)
        .flags(FontFlags::SYMBOLIC)
        .bbox(Rect::new(
            mille(b.x_min),
            mille(b.y_min),
            mille(b.x_max),
            mille(b.y_max),
        ))
        .italic_angle(0.0)
        .ascent(mille(face.ascender()))
        .descent(mille(face.descender()))
        .cap_height(mille(face.capital_height().unwrap_or(face.ascender())))
        .stem_v(if id == FontId::Bold { 120.0 } else { 80.0 })
        .font_file2(file);
    let packed = deflate(&data);
    pdf.stream(file, &packed).filter(Filter::FlateDecode).pair(
        Name(b"Length1"),
        i32::try_from(data.len()).unwrap_or(i32::MAX),
    );
    let mut map = UnicodeCmap::new(Name(b"Custom"), IDENTITY);
    for &(g, ch) in &subset.chars {
        map.pair(g, ch);
    }
    let packed = deflate(&map.finish());
    let mut c = pdf.cmap(cmap, &packed);
    c.name(Name(b"Custom")).system_info(IDENTITY);
    c.filter(Filter::FlateDecode);
    Ok(type0)
}

/// A stream's bytes, compressed (a page of QR codes shrinks ten times).
pub(crate) fn deflate(data: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec_zlib(data, 6)
}

impl Subset {
    /// Six capital letters that name this subset (the PDF convention, so
    /// that two subsets of one font are told apart), from its glyphs.
    fn tag(&self) -> String {
        let mut h: u32 = 0x811c_9dc5;
        for g in self.remapper.remapped_gids() {
            for b in g.to_le_bytes() {
                h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
            }
        }
        (0..6)
            .map(|i| char::from(b'A' + (h >> (i * 5) & 31) as u8 % 26))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_script_of_the_issue_has_its_glyphs() {
        for c in "Łucja Ærøskøbing Ελένη Жанна José—…€".chars() {
            let g = glyph(c, false);
            assert!(g.id != 0 && g.font == FontId::Regular, "{c} in DejaVu Sans");
            assert!(glyph(c, true).font == FontId::Bold);
        }
        for c in "王秀英麻将김ひらカタ".chars() {
            let g = glyph(c, false);
            assert!(g.id != 0 && g.font == FontId::Cjk, "{c} in the CJK font");
        }
        // A character no font has: the missing box, as wide as DejaVu's.
        let none = glyph('\u{10FFFD}', false);
        assert_eq!((none.font, none.id), (FontId::Regular, 0));
        assert!(none.advance > 0.0);
    }

    #[test]
    fn latin_comes_from_the_table_as_from_the_font() {
        for c in ['A', 'ł', 'é', ' ', 'ȿ'] {
            assert_eq!(glyph(c, false), lookup(c, false));
            assert_eq!(glyph(c, true), lookup(c, true));
        }
        // Bold is wider than regular.
        assert!(glyph('m', true).advance > glyph('m', false).advance);
    }

    #[test]
    fn a_subset_numbers_glyphs_in_order_of_first_use() {
        let mut s = Subset::default();
        let a = s.add(glyph('A', false), 'A');
        let b = s.add(glyph('b', false), 'b');
        assert_eq!((a, b), (1, 2));
        assert_eq!(s.add(glyph('A', false), 'A'), 1);
        assert_eq!(s.chars, vec![(1, 'A'), (2, 'b')]);
        assert_eq!(s.widths.len(), 3);
        assert!(s.is_used());
        assert!(!Subset::default().is_used());
    }
}
