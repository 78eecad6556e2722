//! The card printed back in the familiar layout: sections, then each hand
//! with its name, tiles, X/C and value, and its options and note.

use crate::Card;
use std::fmt::Write;

pub fn show(card: &Card) -> String {
    let mut out = String::new();
    if let Some(t) = card.title() {
        let _ = writeln!(out, "{t}");
        let _ = writeln!(out, "{}", "=".repeat(t.chars().count()));
    }
    let mut section: Option<&str> = None;
    let width = |f: fn(&crate::Line) -> usize| card.lines().iter().map(f).max().unwrap_or(0);
    let pattern_width = width(|l| l.pattern_text().chars().count());
    let name_width = width(|l| l.name.chars().count());
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
            "  {:<name_width$}  {:<pattern_width$}  {mark} {:>3}  {tail}",
            line.name,
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
    fn show_lists_sections_and_named_lines() {
        let c = Card::parse(
            "title T\n[2468]\nFF 2222a 4444b 6666c : 25 X \"any 3 suits\"\nFF 2222a 4444a 6666a : 30 X name=\"One suit\"\n",
        )
        .unwrap();
        let s = c.show();
        assert!(s.starts_with("T\n=\n\n2468\n"), "{s}");
        assert!(
            s.contains("  2468 #1   FF 2222a 4444b 6666c  X  25  (any 3 suits)"),
            "{s}"
        );
        assert!(s.contains("  One suit  FF 2222a 4444a 6666a  X  30"), "{s}");
    }
}
