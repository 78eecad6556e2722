//! The card printed back in the familiar layout: sections, then each hand
//! with its number, tiles, X/C and value, and its options and note.

use crate::Card;
use std::fmt::Write;

pub fn show(card: &Card) -> String {
    let mut out = String::new();
    if let Some(t) = card.title() {
        let _ = writeln!(out, "{t}");
        let _ = writeln!(out, "{}", "=".repeat(t.chars().count()));
    }
    let mut section: Option<&str> = None;
    let width = card
        .lines()
        .iter()
        .map(|l| l.pattern_text().chars().count())
        .max()
        .unwrap_or(0);
    for line in card.lines() {
        if section != Some(line.section.as_str()) {
            section = Some(&line.section);
            let _ = writeln!(out, "\n{}", line.section.to_uppercase());
        }
        let mark = if line.concealed_only { 'C' } else { 'X' };
        let mut tail = line.options.to_text();
        if let Some(n) = &line.note {
            if !tail.is_empty() {
                tail.push_str("  ");
            }
            tail.push_str(&format!("({n})"));
        }
        let _ = writeln!(
            out,
            "{:>3}  {:<width$}  {mark} {:>3}  {tail}",
            line.number,
            line.pattern_text(),
            line.value,
        );
    }
    out.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

#[cfg(test)]
mod tests {
    use crate::Card;

    #[test]
    fn show_lists_sections_and_lines() {
        let c =
            Card::parse("title T\n[2468]\nFF 2222a 4444b 6666c : 25 X \"any 3 suits\"\n").unwrap();
        let s = c.show();
        assert!(s.starts_with("T\n=\n\n2468\n"), "{s}");
        assert!(
            s.contains("  1  FF 2222a 4444b 6666c  X  25  (any 3 suits)"),
            "{s}"
        );
    }
}
