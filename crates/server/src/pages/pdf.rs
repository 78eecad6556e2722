//! Printables as PDF, written with `pdf-writer` (pure Rust, no system
//! libraries) in Helvetica, one of the 14 standard PDF fonts every reader
//! has, so no font is embedded and a file stays a few kilobytes. Text is
//! WinAnsi (Latin-1 and a few marks), which covers the names of a club list;
//! a character outside it prints as `?`.
//!
//! A [`Doc`] is a title and sections (heading, paragraphs, a grid, a QR
//! code); the same `Doc` is shown as an HTML page for printing from the
//! browser, so both say the same.

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str};

/// A printable document.
#[derive(Debug, Clone, Default)]
pub(crate) struct Doc {
    pub title: String,
    pub sections: Vec<Section>,
}

#[derive(Debug, Clone, Default)]
pub(crate) struct Section {
    pub heading: String,
    pub paragraphs: Vec<String>,
    pub grid: Option<Grid>,
    /// A QR code of this text (a table's scorekeeper link).
    pub qr: Option<String>,
    /// Start on a new page (one table card or score sheet a page).
    pub new_page: bool,
    /// Paragraphs after the grid (signature lines).
    pub after: Vec<String>,
}

#[derive(Debug, Clone, Default)]
pub(crate) struct Grid {
    pub head: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// Relative column widths.
    pub widths: Vec<f32>,
    /// Columns whose text is right-aligned (numbers).
    pub numeric: Vec<bool>,
    /// Taller rows, with room to write by hand.
    pub tall: bool,
}

const PAGE_W: f32 = 612.0; // US Letter
const PAGE_H: f32 = 792.0;
const MARGIN: f32 = 48.0;

/// Helvetica advance widths (thousandths of an em) for ASCII 32..=126, from
/// the standard font metrics.
const WIDTHS: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
    611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
    222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/// The advance width of one character, in thousandths of an em.
fn units(c: char) -> u32 {
    let i = c as u32;
    if (32..=126).contains(&i) {
        u32::from(WIDTHS[(i - 32) as usize])
    } else {
        556
    }
}

/// Points per unit at `size` (bold is about 5% wider).
fn scale(size: f32, bold: bool) -> f32 {
    size / 1000.0 * if bold { 1.05 } else { 1.0 }
}

/// The width of `text` at `size` points.
pub(crate) fn text_width(text: &str, size: f32, bold: bool) -> f32 {
    let total: u64 = text.chars().map(|c| u64::from(units(c))).sum();
    total as f32 * scale(size, bold)
}

/// UTF-8 to WinAnsi bytes; what it cannot show becomes `?`.
pub(crate) fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            ' '..='~' => c as u8,
            '\u{a0}'..='\u{ff}' => c as u32 as u8,
            '—' => 0x97,
            '–' => 0x96,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '•' => 0x95,
            '…' => 0x85,
            '€' => 0x80,
            _ => b'?',
        })
        .collect()
}

/// Cuts `text` to fit `width`, ending with `…` when cut. One pass that
/// stops as soon as the text is too wide, so a long text costs no more
/// than a short one (measuring again after each character removed was
/// quadratic: a megabyte name held a thread for minutes).
fn fit(text: &str, size: f32, bold: bool, width: f32) -> String {
    let room = (width / scale(size, bold)).max(0.0) as u64;
    let ellipsis = u64::from(units('…'));
    let mut used = 0u64;
    // Where a cut would end: the last character that leaves room for `…`.
    let mut cut = 0;
    for (i, c) in text.char_indices() {
        used += u64::from(units(c));
        if used > room {
            return format!("{}…", &text[..cut]);
        }
        if used + ellipsis <= room {
            cut = i + c.len_utf8();
        }
    }
    text.to_string()
}

/// Splits a paragraph into lines that fit `width` (one pass over the
/// words; a word wider than a line is cut to fit).
fn wrap(text: &str, size: f32, width: f32) -> Vec<String> {
    let room = width / scale(size, false);
    let space = units(' ') as f32;
    let mut lines = Vec::new();
    let mut cur = String::new();
    let mut cur_w = 0.0f32;
    for word in text.split_whitespace() {
        let mut word = std::borrow::Cow::Borrowed(word);
        let mut w = text_width(&word, 1000.0, false);
        if w > room {
            word = std::borrow::Cow::Owned(fit(&word, size, false, width));
            w = text_width(&word, 1000.0, false);
        }
        if !cur.is_empty() && cur_w + space + w > room {
            lines.push(std::mem::take(&mut cur));
            cur_w = 0.0;
        }
        if !cur.is_empty() {
            cur.push(' ');
            cur_w += space;
        }
        cur.push_str(&word);
        cur_w += w;
    }
    if !cur.is_empty() || lines.is_empty() {
        lines.push(cur);
    }
    lines
}

struct Writer {
    pages: Vec<Content>,
    y: f32,
}

impl Writer {
    fn new() -> Writer {
        let mut w = Writer {
            pages: Vec::new(),
            y: 0.0,
        };
        w.new_page();
        w
    }

    fn new_page(&mut self) {
        self.pages.push(Content::new());
        self.y = PAGE_H - MARGIN;
    }

    fn page(&mut self) -> &mut Content {
        let n = self.pages.len();
        &mut self.pages[n - 1]
    }

    /// Makes room for `h` points, starting a page if needed.
    fn room(&mut self, h: f32) {
        if self.y - h < MARGIN {
            self.new_page();
        }
    }

    fn text(&mut self, x: f32, y: f32, size: f32, bold: bool, text: &str) {
        let bytes = win_ansi(text);
        let c = self.page();
        c.begin_text();
        c.set_font(Name(if bold { b"F2" } else { b"F1" }), size);
        c.next_line(x, y);
        c.show(Str(&bytes));
        c.end_text();
    }

    fn line(&mut self, size: f32, bold: bool, text: &str) {
        let h = size * 1.4;
        self.room(h);
        self.y -= h;
        let y = self.y + size * 0.3;
        self.text(MARGIN, y, size, bold, text);
    }

    fn grid(&mut self, g: &Grid) {
        let size = 10.5;
        let row_h = if g.tall { 26.0 } else { 17.0 };
        let full = PAGE_W - 2.0 * MARGIN;
        let total: f32 = g.widths.iter().sum::<f32>().max(1.0);
        let widths: Vec<f32> = (0..g.head.len())
            .map(|i| g.widths.get(i).copied().unwrap_or(1.0) / total * full)
            .collect();
        let draw_row = |w: &mut Writer, cells: &[String], bold: bool| {
            w.room(row_h);
            let top = w.y;
            w.y -= row_h;
            let mut x = MARGIN;
            for (i, cw) in widths.iter().enumerate() {
                let cell = cells.get(i).map(String::as_str).unwrap_or("");
                let text = fit(cell, size, bold, cw - 8.0);
                let tw = text_width(&text, size, bold);
                let numeric = !bold && g.numeric.get(i).copied().unwrap_or(false);
                let tx = if numeric { x + cw - 4.0 - tw } else { x + 4.0 };
                let ty = top - 4.0 - size;
                w.text(tx, ty, size, bold, &text);
                let bottom = w.y;
                let c = w.page();
                c.set_line_width(0.6);
                c.rect(x, bottom, *cw, row_h);
                c.stroke();
                x += cw;
            }
        };
        draw_row(self, &g.head, true);
        for row in &g.rows {
            draw_row(self, row, false);
        }
        self.y -= 6.0;
    }

    fn qr(&mut self, text: &str) {
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
}

/// How long a PDF may take, waiting for a free slot included.
const BUDGET: std::time::Duration = std::time::Duration::from_secs(10);

/// Renders `doc` on a blocking thread (never on the threads that answer
/// requests), at most as many at once as `app.pdf_slots` allows, within
/// [`BUDGET`]: a 503 otherwise, and the other requests never wait for it.
pub(crate) async fn render_off_thread(
    app: &crate::AppState,
    doc: Doc,
) -> Result<Vec<u8>, crate::ApiError> {
    use crate::ApiError;
    use axum::http::StatusCode;
    let busy = |m: &str| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, m);
    let work = async {
        let slot = app
            .pdf_slots
            .clone()
            .acquire_owned()
            .await
            .map_err(ApiError::internal)?;
        tokio::task::spawn_blocking(move || {
            // The slot is held until the rendering ends, even past the budget.
            let _slot = slot;
            render(&doc)
        })
        .await
        .map_err(ApiError::internal)
    };
    tokio::time::timeout(BUDGET, work)
        .await
        .map_err(|_| busy("the PDF is taking too long; try again in a minute"))?
}

/// The document as a PDF file.
pub(crate) fn render(doc: &Doc) -> Vec<u8> {
    let mut w = Writer::new();
    let width = PAGE_W - 2.0 * MARGIN;
    w.line(18.0, true, &fit(&doc.title, 18.0, true, width));
    w.y -= 4.0;
    for (i, s) in doc.sections.iter().enumerate() {
        if s.new_page && i > 0 {
            w.new_page();
        } else {
            // Keep a heading with the start of what follows it.
            w.room(60.0);
        }
        if !s.heading.is_empty() {
            w.y -= 6.0;
            w.line(14.0, true, &fit(&s.heading, 14.0, true, width));
        }
        for p in &s.paragraphs {
            for l in wrap(p, 11.0, width) {
                w.line(11.0, false, &l);
            }
        }
        if let Some(g) = &s.grid {
            w.y -= 4.0;
            w.grid(g);
        }
        if let Some(q) = &s.qr {
            w.qr(q);
        }
        for p in &s.after {
            for l in wrap(p, 11.0, width) {
                w.line(11.0, false, &l);
            }
        }
    }

    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let regular = Ref::new(3);
    let bold = Ref::new(4);
    let mut next = 5;
    let mut alloc = || {
        let r = Ref::new(next);
        next += 1;
        r
    };
    pdf.catalog(catalog).pages(tree);
    pdf.type1_font(regular)
        .base_font(Name(b"Helvetica"))
        .encoding_predefined(Name(b"WinAnsiEncoding"));
    pdf.type1_font(bold)
        .base_font(Name(b"Helvetica-Bold"))
        .encoding_predefined(Name(b"WinAnsiEncoding"));
    let mut kids = Vec::new();
    let count = w.pages.len();
    for (i, content) in w.pages.into_iter().enumerate() {
        let page_id = alloc();
        let content_id = alloc();
        kids.push(page_id);
        let mut content = content;
        // Page numbers at the foot.
        let foot = format!("Page {} of {count}", i + 1);
        content.begin_text();
        content.set_font(Name(b"F1"), 9.0);
        content.next_line(
            PAGE_W - MARGIN - text_width(&foot, 9.0, false),
            MARGIN / 2.0,
        );
        content.show(Str(foot.as_bytes()));
        content.end_text();
        let mut page = pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, PAGE_W, PAGE_H));
        page.parent(tree);
        page.contents(content_id);
        page.resources()
            .fonts()
            .pair(Name(b"F1"), regular)
            .pair(Name(b"F2"), bold);
        page.finish();
        pdf.stream(content_id, &content.finish());
    }
    pdf.pages(tree).kids(kids).count(count as i32);
    pdf.document_info(alloc())
        .title(pdf_writer::TextStr(&doc.title))
        .producer(pdf_writer::TextStr("jongg"));
    pdf.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc() -> Doc {
        Doc {
            title: "Spring Tournament — standings".into(),
            sections: vec![
                Section {
                    heading: "Round 1".into(),
                    paragraphs: vec!["Table assignments; José Müller at table 2.".into()],
                    grid: Some(Grid {
                        head: vec!["Table".into(), "East".into()],
                        rows: (0..80)
                            .map(|i| vec![i.to_string(), format!("Player {i}")])
                            .collect(),
                        widths: vec![1.0, 3.0],
                        numeric: vec![true, false],
                        tall: false,
                    }),
                    qr: Some("http://127.0.0.1:8080/score?key=00ff".into()),
                    ..Section::default()
                },
                Section {
                    heading: "Next".into(),
                    new_page: true,
                    ..Section::default()
                },
            ],
        }
    }

    #[test]
    fn a_pdf_with_pages_fonts_and_text() {
        let bytes = render(&doc());
        assert!(bytes.starts_with(b"%PDF-"));
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.contains("/Helvetica"));
        assert!(text.contains("/WinAnsiEncoding"));
        // 80 rows do not fit on one page, and the last section starts a new one.
        let pages = text.matches("/Type /Page\n").count() + text.matches("/Type /Page ").count();
        assert!(
            text.contains("/Count 4") || text.contains("/Count 3"),
            "pages: {pages}"
        );
    }

    #[test]
    fn win_ansi_maps_latin_and_marks() {
        assert_eq!(win_ansi("José—ü"), vec![b'J', b'o', b's', 0xE9, 0x97, 0xFC]);
        assert_eq!(win_ansi("麻将"), b"??".to_vec());
    }

    #[test]
    fn a_megabyte_of_text_is_cut_and_wrapped_in_one_pass() {
        let name = "W".repeat(1 << 20);
        let s = fit(&name, 10.5, false, 200.0);
        assert!(s.ends_with('…') && s.len() < 100, "{}", s.len());
        assert!(text_width(&s, 10.5, false) <= 200.0);
        let words = "Wide ".repeat(200_000);
        let lines = wrap(&words, 11.0, 500.0);
        assert!(lines.len() > 1000);
        assert!(lines.iter().all(|l| text_width(l, 11.0, false) <= 500.0));
        let one = wrap(&name, 11.0, 500.0);
        assert_eq!(one.len(), 1);
        assert!(text_width(&one[0], 11.0, false) <= 500.0);
    }

    proptest::proptest! {
        #[test]
        fn fit_keeps_the_longest_start_that_fits(text in "[ -~éü—麻]{0,60}", width in 0.0f32..300.0) {
            let s = fit(&text, 10.0, false, width);
            if text_width(&text, 10.0, false) <= width {
                proptest::prop_assert_eq!(&s, &text);
            } else {
                let kept = s.strip_suffix('…').unwrap();
                proptest::prop_assert!(text.starts_with(kept));
                // (A bare `…` is all that is left when not even it fits.)
                proptest::prop_assert!(kept.is_empty() || text_width(&s, 10.0, false) <= width + 0.01);
                // One more character would not have fitted with the `…`.
                if let Some(next) = text[kept.len()..].chars().next() {
                    let longer = format!("{kept}{next}…");
                    proptest::prop_assert!(text_width(&longer, 10.0, false) > width - 0.01);
                }
            }
        }
    }

    #[test]
    fn text_is_cut_to_fit() {
        let s = fit("A very long player name indeed", 10.0, false, 60.0);
        assert!(s.ends_with('…'));
        assert!(text_width(&s, 10.0, false) <= 60.0);
        assert_eq!(
            wrap("one two three", 10.0, 1000.0),
            vec!["one two three".to_string()]
        );
    }
}
