//! Laying a [`Doc`](super::Doc) out on pages: lines of text, grids and QR
//! codes, each glyph taken into its font's subset as it is placed.

use super::Paper;
use super::fonts::{self, FontId, Subset};
use super::text::{shrink, text_width, wrap};
use super::{Grid, MARGIN};
use pdf_writer::types::TextRenderingMode;
use pdf_writer::{Content, Name, Str};

pub(super) struct Writer {
    pub pages: Vec<Content>,
    /// The top of what is left of the current page.
    pub y: f32,
    pub width: f32,
    pub height: f32,
    /// The glyphs used of each font.
    pub subsets: [Subset; 3],
}

impl Writer {
    pub fn new(paper: Paper) -> Writer {
        let (width, height) = paper.size();
        let mut w = Writer {
            pages: Vec::new(),
            y: 0.0,
            width,
            height,
            subsets: Default::default(),
        };
        w.new_page();
        w
    }

    /// The width between the margins.
    pub fn text_width(&self) -> f32 {
        self.width - 2.0 * MARGIN
    }

    pub fn new_page(&mut self) {
        self.pages.push(Content::new());
        self.y = self.height - MARGIN;
    }

    fn page(&mut self) -> &mut Content {
        let n = self.pages.len();
        &mut self.pages[n - 1]
    }

    /// Makes room for `h` points, starting a page if needed.
    pub fn room(&mut self, h: f32) {
        if self.y - h < MARGIN {
            self.new_page();
        }
    }

    /// `text` at (x, y) on the current page.
    pub fn text(&mut self, x: f32, y: f32, size: f32, bold: bool, text: &str) {
        self.text_on(self.pages.len() - 1, x, y, size, bold, text);
    }

    /// `text` at (x, y) on page `n`: a run of glyphs per font.
    pub fn text_on(&mut self, n: usize, x: f32, y: f32, size: f32, bold: bool, text: &str) {
        let (page, subsets) = (&mut self.pages[n], &mut self.subsets);
        // Bold from a font that has none (CJK) is its outline stroked too.
        let stroked = bold
            && text
                .chars()
                .any(|c| fonts::glyph(c, true).font == FontId::Cjk);
        if stroked {
            page.save_state();
            page.set_line_width(size * 0.03);
        }
        page.begin_text();
        page.next_line(x, y);
        let mut run: Option<FontId> = None;
        let mut codes = Vec::new();
        let show = |page: &mut Content, font: FontId, codes: &mut Vec<u8>| {
            page.set_font(Name(font.resource()), size);
            if stroked {
                page.set_text_rendering_mode(if font == FontId::Cjk {
                    TextRenderingMode::FillStroke
                } else {
                    TextRenderingMode::Fill
                });
            }
            page.show(Str(codes));
            codes.clear();
        };
        for c in text.chars() {
            let g = fonts::glyph(c, bold);
            if let Some(font) = run.filter(|f| *f != g.font) {
                show(page, font, &mut codes);
            }
            run = Some(g.font);
            let id = subsets[g.font.index()].add(g, c);
            codes.extend(id.to_be_bytes());
        }
        if let Some(font) = run {
            show(page, font, &mut codes);
        }
        page.end_text();
        if stroked {
            page.restore_state();
        }
    }

    /// One line of text at the left margin.
    pub fn line(&mut self, size: f32, bold: bool, text: &str) {
        let h = size * 1.4;
        self.room(h);
        self.y -= h;
        let y = self.y + size * 0.3;
        self.text(MARGIN, y, size, bold, text);
    }

    /// A paragraph, wrapped: every word is printed.
    pub fn paragraph(&mut self, size: f32, bold: bool, text: &str) {
        for l in wrap(text, size, bold, self.text_width()) {
            self.line(size, bold, &l);
        }
    }

    pub fn grid(&mut self, g: &Grid) {
        let size = 10.5;
        let row_h = if g.tall { 26.0 } else { 17.0 };
        let full = self.text_width();
        let total: f32 = g.widths.iter().sum::<f32>().max(1.0);
        let widths: Vec<f32> = (0..g.head.len())
            .map(|i| g.widths.get(i).copied().unwrap_or(1.0) / total * full)
            .collect();
        let cell = |cells: &[String], i: usize| cells.get(i).map_or("", String::as_str).to_string();
        // The heading row: each heading wrapped onto as many lines as it
        // needs (a score sheet's column names a player), never cut.
        // A word wider than its column makes the heading smaller first.
        let head: Vec<(f32, Vec<String>)> = widths
            .iter()
            .enumerate()
            .map(|(i, cw)| {
                let text = cell(&g.head, i);
                let room = cw - 8.0;
                let widest = text
                    .split_whitespace()
                    .map(|w| text_width(w, size, true))
                    .fold(0.0, f32::max);
                let size = if widest > room {
                    (size * room / widest * 0.999).max(7.0)
                } else {
                    size
                };
                (size, wrap(&text, size, true, room))
            })
            .collect();
        let head_h = head
            .iter()
            .map(|(s, lines)| row_h + (lines.len().max(1) - 1) as f32 * s * 1.2)
            .fold(row_h, f32::max);
        let draw_head = |w: &mut Writer| {
            w.draw_row(&widths, head_h, |w, i, x, top, _| {
                let (s, lines) = &head[i];
                for (k, l) in lines.iter().enumerate() {
                    let y = top - 4.0 - size - k as f32 * s * 1.2;
                    w.text(x + 4.0, y, *s, true, l);
                }
            });
        };
        draw_head(self);
        for row in &g.rows {
            // A grid that goes on over a page repeats its headings.
            if self.y - row_h < MARGIN {
                self.new_page();
                draw_head(self);
            }
            self.draw_row(&widths, row_h, |w, i, x, top, cw| {
                // A long name is printed smaller before it is cut.
                let (size, text) = shrink(&cell(row, i), size, 7.0, false, cw - 8.0);
                let tw = text_width(&text, size, false);
                let numeric = g.numeric.get(i).copied().unwrap_or(false);
                let tx = if numeric { x + cw - 4.0 - tw } else { x + 4.0 };
                w.text(tx, top - 4.0 - 10.5, size, false, &text);
            });
        }
        self.y -= 6.0;
    }

    /// One row of cells `h` high: `cell(writer, column, x, top, width)`
    /// writes each cell's text, then its border is drawn.
    fn draw_row(
        &mut self,
        widths: &[f32],
        h: f32,
        mut cell: impl FnMut(&mut Writer, usize, f32, f32, f32),
    ) {
        self.room(h);
        let top = self.y;
        self.y -= h;
        let mut x = MARGIN;
        for (i, cw) in widths.iter().enumerate() {
            cell(self, i, x, top, *cw);
            let bottom = self.y;
            let c = self.page();
            c.set_line_width(0.6);
            c.rect(x, bottom, *cw, h);
            c.stroke();
            x += cw;
        }
    }

    pub fn qr(&mut self, text: &str) {
        let Ok(code) = qrcode::QrCode::new(text.as_bytes()) else {
            self.line(10.0, false, "(the link is too long for a QR code)");
            return;
        };
        let n = code.width();
        let side = 180.0_f32;
        let quiet = 4.0;
        let m = side / (n as f32 + 2.0 * quiet);
        self.room(side + 6.0);
        let top = self.y;
        let colors = code.to_colors();
        let c = self.page();
        for (i, col) in colors.iter().enumerate() {
            if *col == qrcode::Color::Dark {
                let (cx, cy) = ((i % n) as f32, (i / n) as f32);
                c.rect(
                    MARGIN + (cx + quiet) * m,
                    top - (cy + quiet + 1.0) * m,
                    m,
                    m,
                );
            }
        }
        c.fill_nonzero();
        self.y = top - side - 6.0;
    }

    /// A warning in a red box across the page.
    pub fn warning(&mut self, text: &str) {
        let size = 11.0;
        let lines = wrap(text, size, true, self.text_width() - 16.0);
        let h = lines.len() as f32 * size * 1.4 + 12.0;
        self.room(h + 6.0);
        let top = self.y;
        let (x, w) = (MARGIN, self.text_width());
        let c = self.page();
        c.save_state();
        c.set_stroke_rgb(0.7, 0.0, 0.0);
        c.set_line_width(2.0);
        c.rect(x, top - h, w, h);
        c.stroke();
        c.restore_state();
        self.y -= 6.0;
        for l in lines {
            self.y -= size * 1.4;
            let y = self.y + size * 0.3;
            self.text(MARGIN + 8.0, y, size, true, &l);
        }
        self.y = top - h - 6.0;
    }
}
