//! Printables as PDF, written with `pdf-writer` (pure Rust, no system
//! libraries) in fonts built into the binary ([`fonts`]), of which each PDF
//! embeds only the glyphs it uses: every name prints as it is written, in
//! Latin, Greek, Cyrillic or CJK script. Streams are compressed. Pages are
//! US Letter or A4 ([`Paper`]).
//!
//! A [`Doc`] is a title and sections (heading, paragraphs, a grid, a QR
//! code); the same `Doc` is shown as an HTML page for printing from the
//! browser, so both say the same.

mod fonts;
mod layout;
mod text;

pub use crate::state::paper::Paper;
use fonts::FontId;
use layout::Writer;
use pdf_writer::{Finish, Name, Pdf, Rect, Ref};

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

const MARGIN: f32 = 48.0;

/// How long a PDF may take, waiting for a free slot included.
const BUDGET: std::time::Duration = std::time::Duration::from_secs(10);

/// Renders `doc` on a blocking thread (never on the threads that answer
/// requests), at most as many at once as `app.pdf_slots` allows, within
/// [`BUDGET`]: a 503 otherwise, and the other requests never wait for it.
pub(crate) async fn render_off_thread(
    app: &crate::state::AppState,
    doc: Doc,
    paper: Paper,
) -> Result<Vec<u8>, crate::http::error::ApiError> {
    use crate::http::error::ApiError;
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
            render(&doc, paper)
        })
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)
    };
    tokio::time::timeout(BUDGET, work)
        .await
        .map_err(|_| busy("the PDF is taking too long; try again in a minute"))?
}

/// The document as a PDF file (an error only if a font cannot be subset,
/// which the tests would have shown).
pub(crate) fn render(doc: &Doc, paper: Paper) -> Result<Vec<u8>, subsetter::Error> {
    let mut w = Writer::new(paper);
    // Titles and headings are wrapped, never cut.
    w.paragraph(18.0, true, &doc.title);
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
            w.paragraph(14.0, true, &s.heading);
        }
        for p in &s.paragraphs {
            w.paragraph(11.0, false, p);
        }
        if let Some(g) = &s.grid {
            w.y -= 4.0;
            w.grid(g);
        }
        if let Some(q) = &s.qr {
            w.qr(q);
            if let Some(warning) = crate::http::hall::loopback_warning(q) {
                w.warning(&warning);
            }
        }
        for p in &s.after {
            w.paragraph(11.0, false, p);
        }
    }
    // Page numbers at the foot.
    let count = w.pages.len();
    for i in 0..count {
        let foot = format!("Page {} of {count}", i + 1);
        let x = w.width - MARGIN - text::text_width(&foot, 9.0, false);
        w.text_on(i, x, MARGIN / 2.0, 9.0, false, &foot);
    }

    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let mut next = 3;
    let mut alloc = || {
        let r = Ref::new(next);
        next += 1;
        r
    };
    pdf.catalog(catalog).pages(tree);
    let mut used = Vec::new();
    for id in FontId::ALL {
        let subset = &w.subsets[id.index()];
        if subset.is_used() {
            used.push((id, fonts::embed(&mut pdf, &mut alloc, id, subset)?));
        }
    }
    let mut kids = Vec::new();
    for content in w.pages {
        let page_id = alloc();
        let content_id = alloc();
        kids.push(page_id);
        let mut page = pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, w.width, w.height));
        page.parent(tree);
        page.contents(content_id);
        let mut resources = page.resources();
        let mut fonts = resources.fonts();
        for (id, r) in &used {
            fonts.pair(Name(id.resource()), *r);
        }
        fonts.finish();
        resources.finish();
        page.finish();
        pdf.stream(content_id, &fonts::deflate(&content.finish()))
            .filter(pdf_writer::Filter::FlateDecode);
    }
    pdf.pages(tree).kids(kids).count(count as i32);
    pdf.document_info(alloc())
        .title(pdf_writer::TextStr(&doc.title))
        .producer(pdf_writer::TextStr("jongg"));
    Ok(pdf.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::pdf_text::read;

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
                    qr: Some("http://192.168.1.20:8080/score?key=00ff".into()),
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

    fn pdf(doc: &Doc, paper: Paper) -> Vec<u8> {
        render(doc, paper).unwrap()
    }

    #[test]
    fn a_pdf_with_pages_fonts_and_text() {
        let bytes = pdf(&doc(), Paper::Letter);
        assert!(bytes.starts_with(b"%PDF-"));
        let r = read(&bytes);
        // 80 rows do not fit on one page, and the last section starts a new one.
        assert_eq!(r.pages.len(), 4, "{:?}", r.pages);
        assert!(r.pages[0].starts_with("Spring Tournament — standings\n"));
        assert!(r.pages[0].contains("José Müller at table 2."));
        // A grid that goes on over a page repeats its headings.
        assert!(
            r.pages[1].starts_with("Table\nEast\n35\nPlayer 35\n"),
            "{}",
            r.pages[1]
        );
        assert!(r.pages[2].contains("Player 79\nPage 3 of 4"));
        assert_eq!(r.pages[3], "Next\nPage 4 of 4\n");
        // Latin only: the regular and bold fonts, no CJK font.
        assert_eq!(r.fonts.len(), 2, "{:?}", r.fonts);
        assert!(r.fonts[0].ends_with("+DejaVuSans") || r.fonts[1].ends_with("+DejaVuSans"));
        assert!(
            r.fonts
                .iter()
                .all(|f| f.len() == "ABCDEF+".len() + f.split('+').nth(1).unwrap().len())
        );
    }

    #[test]
    fn names_in_every_script_print_as_written() {
        let names = [
            "Łucja Wiśniewska",
            "Søren Ærøskøbing",
            "Ελένη Παπαδοπούλου",
            "Жанна Кузнецова",
            "王秀英",
            "김민준",
        ];
        let d = Doc {
            title: "Łódź Open — Ελένη, Жанна, 王".into(),
            sections: vec![Section {
                heading: "Table 1 · Round 1".into(),
                paragraphs: names.iter().map(|n| format!("East: {n}")).collect(),
                grid: Some(Grid {
                    head: vec!["Player".into(), "Points".into()],
                    rows: names
                        .iter()
                        .map(|n| vec![n.to_string(), "25".into()])
                        .collect(),
                    widths: vec![3.0, 1.0],
                    numeric: vec![false, true],
                    tall: false,
                }),
                ..Section::default()
            }],
        };
        let r = read(&pdf(&d, Paper::A4));
        let text = r.text();
        assert!(text.starts_with("Łódź Open — Ελένη, Жанна, 王\n"), "{text}");
        for n in names {
            assert!(text.contains(&format!("East: {n}\n")), "{n} in {text}");
            assert!(
                text.contains(&format!("{n}\n25\n")),
                "{n} in the grid: {text}"
            );
        }
        assert!(!text.contains('?') && !text.contains('\u{FFFD}'), "{text}");
        // The CJK names bring in the CJK font (bold in the title, stroked).
        assert_eq!(r.fonts.len(), 3, "{:?}", r.fonts);
        assert!(r.fonts.iter().any(|f| f.ends_with("+DroidSansFallback")));
    }

    #[test]
    fn a_long_title_and_heading_are_wrapped_never_cut() {
        let title = "The Annual Spring Charity Tournament of the Riverside, Lakeside and Hillside \
                     Mah Jongg Clubs, with the Łódź and Ærøskøbing Friendship Guests: round 3 score sheets";
        let word = "Ż".repeat(60);
        let d = Doc {
            title: title.into(),
            sections: vec![Section {
                heading: format!("Table 12 · {word}"),
                ..Section::default()
            }],
        };
        let r = read(&pdf(&d, Paper::Letter));
        let lines: Vec<&str> = r.pages[0].lines().collect();
        let joined = lines.join(" ");
        assert!(joined.contains(title), "{lines:?}");
        assert!(lines.len() >= 4, "the title takes lines: {lines:?}");
        assert!(!joined.contains('…'));
        // The heading's long word is broken across lines, every letter kept.
        let z: usize = lines.iter().map(|l| l.matches('Ż').count()).sum();
        assert_eq!(z, 60);
    }

    #[test]
    fn a_long_name_in_a_grid_is_printed_smaller_before_it_is_cut() {
        let name = "Bartholomew Fitzgerald";
        let very = "Maximiliana Konstantinopoulou-Vanderbilt-Rothschild-Featherstonehaugh";
        let d = Doc {
            sections: vec![Section {
                grid: Some(Grid {
                    head: vec![
                        "Table".into(),
                        "East".into(),
                        "South".into(),
                        "West".into(),
                        "North".into(),
                    ],
                    rows: vec![vec![
                        "1".into(),
                        name.into(),
                        very.into(),
                        "Ann".into(),
                        "Bo".into(),
                    ]],
                    widths: vec![0.8, 3.0, 3.0, 3.0, 3.0],
                    numeric: vec![true, false, false, false, false],
                    tall: false,
                }),
                ..Section::default()
            }],
            ..Doc::default()
        };
        let r = read(&pdf(&d, Paper::Letter));
        assert!(
            r.pages[0].contains(&format!("\n{name}\n")),
            "{}",
            r.pages[0]
        );
        assert!(r.pages[0].contains("Maximiliana"));
        assert!(r.pages[0].contains("…"));
    }

    #[test]
    fn letter_and_a4() {
        let letter = read(&pdf(&doc(), Paper::Letter));
        assert!(letter.sizes.iter().all(|s| *s == (612.0, 792.0)));
        let a4 = read(&pdf(&doc(), Paper::A4));
        assert!(
            a4.sizes.iter().all(|s| *s == (595.28, 841.89)),
            "{:?}",
            a4.sizes
        );
        assert_eq!("A4".parse::<Paper>(), Ok(Paper::A4));
        assert_eq!("letter".parse::<Paper>(), Ok(Paper::Letter));
        assert!("legal".parse::<Paper>().unwrap_err().contains("letter, a4"));
    }

    #[test]
    fn a_card_whose_link_only_this_laptop_opens_says_so() {
        let mut d = doc();
        let r = read(&pdf(&d, Paper::Letter));
        assert!(!r.text().contains("cannot open"));
        d.sections[0].qr = Some("http://127.0.0.1:8080/score?key=00ff".into());
        let r = read(&pdf(&d, Paper::Letter));
        let text = r.text().replace('\n', " ");
        assert!(text.contains("No phone can open this code"), "{text}");
    }
}
