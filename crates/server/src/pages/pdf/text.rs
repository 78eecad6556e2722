//! Measuring text in the embedded fonts, and fitting it: cut to a width,
//! shrunk to a width, or wrapped into lines. Each is one pass over the text
//! (measuring again after each character removed was quadratic: a megabyte
//! name held a thread for minutes, issue 10).

use super::fonts::glyph;

/// Points per thousandth of an em at `size`.
fn scale(size: f32) -> f32 {
    size / 1000.0
}

fn advance(c: char, bold: bool) -> f32 {
    glyph(c, bold).advance
}

/// The width of `text` at `size` points.
pub(crate) fn text_width(text: &str, size: f32, bold: bool) -> f32 {
    text.chars().map(|c| advance(c, bold)).sum::<f32>() * scale(size)
}

/// Cuts `text` to fit `width`, ending with `…` when cut. A player's number
/// and what follows it ("Ann Ash (#5), 3rd") is kept whole where it fits:
/// the name before it is cut instead (issue 20.6: "Very long name… (#5)").
pub(crate) fn fit(text: &str, size: f32, bold: bool, width: f32) -> String {
    if let Some(at) = number_at(text)
        && text_width(text, size, bold) > width
    {
        let tail = &text[at..];
        let room = width - text_width(tail, size, bold);
        let head = cut(&text[..at], size, bold, room);
        if room > 0.0 && head != "…" {
            return format!("{head}{tail}");
        }
    }
    cut(text, size, bold, width)
}

/// Where the last player number (" (#5)") starts in `text`, if any.
fn number_at(text: &str) -> Option<usize> {
    text.match_indices(" (#")
        .filter(|(i, _)| {
            let rest = &text[i + 3..];
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            digits > 0 && rest[digits..].starts_with(')')
        })
        .map(|(i, _)| i)
        .last()
}

/// Cuts `text` to fit `width`, ending with `…` when cut.
fn cut(text: &str, size: f32, bold: bool, width: f32) -> String {
    let room = (width / scale(size)).max(0.0);
    let ellipsis = advance('…', bold);
    let mut used = 0.0f32;
    // Where a cut would end: the last character that leaves room for `…`.
    let mut cut = 0;
    for (i, c) in text.char_indices() {
        used += advance(c, bold);
        if used > room {
            return format!("{}…", &text[..cut]);
        }
        if used + ellipsis <= room {
            cut = i + c.len_utf8();
        }
    }
    text.to_string()
}

/// The size at which `text` fits `width` (`size` if it fits already, never
/// below `smallest`), and the text, cut if it is too wide even then.
pub(crate) fn shrink(
    text: &str,
    size: f32,
    smallest: f32,
    bold: bool,
    width: f32,
) -> (f32, String) {
    let full = text_width(text, size, bold);
    if full <= width {
        return (size, text.to_string());
    }
    // A little under the exact ratio, so rounding never leaves it too wide.
    let smaller = (size * width / full * 0.999).max(smallest);
    (smaller, fit(text, smaller, bold, width))
}

/// Splits a paragraph into lines that fit `width`, nothing left out: a
/// word wider than a line is broken across lines.
pub(crate) fn wrap(text: &str, size: f32, bold: bool, width: f32) -> Vec<String> {
    let room = width / scale(size);
    let space = advance(' ', bold);
    let mut lines = Vec::new();
    let mut cur = String::new();
    let mut cur_w = 0.0f32;
    for word in text.split_whitespace() {
        let w: f32 = word.chars().map(|c| advance(c, bold)).sum();
        if !cur.is_empty() && cur_w + space + w > room {
            lines.push(std::mem::take(&mut cur));
            cur_w = 0.0;
        }
        if !cur.is_empty() {
            cur.push(' ');
            cur_w += space;
        }
        if w <= room - cur_w {
            cur.push_str(word);
            cur_w += w;
            continue;
        }
        // Wider than a whole line: as many characters a line as fit (at
        // least one, so a line narrower than a letter still ends).
        for c in word.chars() {
            let a = advance(c, bold);
            if cur_w + a > room && !cur.trim_end().is_empty() {
                lines.push(std::mem::take(&mut cur));
                cur_w = 0.0;
            }
            cur.push(c);
            cur_w += a;
        }
    }
    if !cur.is_empty() || lines.is_empty() {
        lines.push(cur);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_megabyte_of_text_is_cut_and_wrapped_in_one_pass() {
        let name = "W".repeat(1 << 20);
        let s = fit(&name, 10.5, false, 200.0);
        assert!(s.ends_with('…') && s.len() < 100, "{}", s.len());
        assert!(text_width(&s, 10.5, false) <= 200.0);
        let (size, s) = shrink(&name, 10.5, 7.0, true, 200.0);
        assert_eq!(size, 7.0);
        assert!(s.ends_with('…') && text_width(&s, 7.0, true) <= 200.0);
        let words = "Wide ".repeat(200_000);
        let lines = wrap(&words, 11.0, false, 500.0);
        assert!(lines.len() > 1000);
        assert!(lines.iter().all(|l| text_width(l, 11.0, false) <= 500.0));
        // One long word: broken across lines, every character kept.
        let one = wrap(&name, 11.0, false, 500.0);
        assert!(one.len() > 1000);
        assert!(one.iter().all(|l| text_width(l, 11.0, false) <= 500.0));
        assert_eq!(one.concat(), name);
    }

    proptest::proptest! {
        #[test]
        fn fit_keeps_the_longest_start_that_fits(text in "[ -~éüŁ—Жλ麻]{0,60}", width in 0.0f32..300.0) {
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

        #[test]
        fn wrap_keeps_every_word_and_fits(text in "[ a-zŁЖλ麻]{0,200}", width in 20.0f32..400.0, bold: bool) {
            let lines = wrap(&text, 12.0, bold, width);
            for l in &lines {
                proptest::prop_assert!(text_width(l, 12.0, bold) <= width + 0.01, "{l:?}");
            }
            let words: String = text.split_whitespace().collect();
            let kept: String = lines.iter().flat_map(|l| l.split_whitespace()).collect();
            proptest::prop_assert_eq!(kept, words);
        }

        #[test]
        fn shrink_fits_down_to_the_smallest_size(text in "[ -~Жλ麻]{0,80}", width in 10.0f32..300.0) {
            let (size, s) = shrink(&text, 12.0, 8.0, false, width);
            proptest::prop_assert!((8.0..=12.0).contains(&size));
            if size > 8.0 {
                proptest::prop_assert_eq!(&s, &text);
            }
            proptest::prop_assert!(s == text || s.ends_with('…'));
            proptest::prop_assert!(s.chars().count() <= 1 || text_width(&s, size, false) <= width + 0.01);
        }
    }

    /// Issue 20.6: a cut name keeps its number: "Very long name… (#5)".
    #[test]
    fn a_cut_name_keeps_its_player_number() {
        let name = format!("{} (#5)", "Very long name ".repeat(7).trim());
        let s = fit(&name, 10.0, false, 150.0);
        assert!(
            s.starts_with("Very long name") && s.ends_with("… (#5)"),
            "{s}"
        );
        assert!(text_width(&s, 10.0, false) <= 150.0, "{s}");
        let s = fit(&format!("{name}, 3rd"), 10.0, false, 150.0);
        assert!(s.ends_with("… (#5), 3rd"), "{s}");
        // Too narrow for even the number: cut as any text.
        assert!(fit(&name, 10.0, false, 12.0).ends_with('…'));
        assert_eq!(fit("Ann (#5)", 10.0, false, 150.0), "Ann (#5)");
    }

    #[test]
    fn text_is_cut_to_fit() {
        let s = fit("A very long player name indeed", 10.0, false, 60.0);
        assert!(s.ends_with('…'));
        assert!(text_width(&s, 10.0, false) <= 60.0);
        assert_eq!(
            wrap("one two three", 10.0, false, 1000.0),
            vec!["one two three".to_string()]
        );
    }
}
