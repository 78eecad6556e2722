//! Lint's short forms: an `or` list that one pattern writes once, with a
//! number variable (`n=..`), a `shift`/`any`, or `suits=1,3`. A short form is
//! suggested only when it compiles to exactly the concrete hands of the
//! `or` list, so following the suggestion never changes the card.

use crate::compile::Group;
use crate::expand::{expand, hand_count};
use crate::options::{EVEN_NUMBERS, NumberSet, ODD_NUMBERS, Shift};
use crate::pattern::{GroupPat, Line, NumVar, Pattern, Sym};
use crate::{MAX_LINE_HANDS, Variant};
use std::collections::BTreeSet;

/// The line written without its `or` list, if one pattern can say the same.
pub(crate) fn short_form(line: &Line, variants: &[Variant]) -> Option<Line> {
    let alts = &line.alternatives;
    if alts.len() < 2 || line.options.suits.is_some() || alts.iter().any(|a| a.vars_used() != 0) {
        return None;
    }
    // The template: the alternative with the most suit letters.
    let template = alts
        .iter()
        .enumerate()
        .max_by_key(|(i, a)| (a.letters().len(), std::cmp::Reverse(*i)))
        .map(|(_, a)| a)?;
    if alts.iter().any(|a| !same_shape(template, a)) {
        return None;
    }
    let suits = suit_counts(template, alts)?;
    let numbers = number_forms(template, alts, &line.options.shift)?;
    let want: BTreeSet<Vec<Group>> = variants.iter().map(Variant::key).collect();
    for (pattern, shift, range) in numbers {
        let mut short = line.clone();
        short.alternatives = vec![pattern];
        short.options.shift = shift;
        short.options.ranges[0] = range;
        short.options.suits = suits;
        if hand_count(&short) > MAX_LINE_HANDS {
            continue;
        }
        let got: BTreeSet<Vec<Group>> = expand(&short, 0).iter().map(Variant::key).collect();
        if got == want {
            return Some(short);
        }
    }
    None
}

/// Same groups in the same order: sizes, symbols (numbers may differ), and
/// suit letters where the template has them.
fn same_shape(template: &Pattern, a: &Pattern) -> bool {
    template.groups.len() == a.groups.len()
        && template.groups.iter().zip(&a.groups).all(|(t, g)| {
            t.size == g.size
                && t.suit.is_some() == g.suit.is_some()
                && match (t.sym, g.sym) {
                    (Sym::Num(_), Sym::Num(_)) => true,
                    (x, y) => x == y,
                }
        })
}

/// The letters of a pattern renamed in order of appearance: `b a b` is `0 1 0`.
fn letter_form(p: &Pattern) -> Vec<u8> {
    let mut seen: Vec<u8> = Vec::new();
    p.groups
        .iter()
        .filter_map(|g| g.suit)
        .map(|s| match seen.iter().position(|&l| l == s.0) {
            Some(i) => i as u8,
            None => {
                seen.push(s.0);
                (seen.len() - 1) as u8
            }
        })
        .collect()
}

/// `suits=`: `None` when every alternative spreads its letters like the
/// template; the counts of suits when the others put every letter in one
/// suit; no short form otherwise.
fn suit_counts(template: &Pattern, alts: &[Pattern]) -> Option<Option<u8>> {
    let form = letter_form(template);
    let mut counts = 0u8;
    for a in alts {
        let f = letter_form(a);
        if f == form {
            counts |= 1 << template.letters().len();
        } else if f.iter().all(|&l| l == 0) {
            counts |= 1 << 1;
        } else {
            return None;
        }
    }
    Some((counts.count_ones() > 1).then_some(counts))
}

type NumberForm = (Pattern, Shift, Option<NumberSet>);

/// The ways to write the alternatives' numbers once, shortest first: the
/// template itself (with the line's `shift`) when they agree or the line
/// moves its digits anyway; otherwise `any` or `shift=` when all digits
/// move together, else a variable `n` on the digits that move, its range as
/// short as it will go.
fn number_forms(template: &Pattern, alts: &[Pattern], shift: &Shift) -> Option<Vec<NumberForm>> {
    let digits = |p: &Pattern| -> Vec<i8> {
        p.groups
            .iter()
            .filter_map(|g| match g.sym {
                Sym::Num(n) => Some(n as i8),
                _ => None,
            })
            .collect()
    };
    let base = digits(template);
    let mut deltas: BTreeSet<i8> = BTreeSet::new();
    let mut moving: Vec<bool> = vec![false; base.len()];
    for a in alts {
        let d = digits(a);
        let mut delta = None;
        for (i, (&b, &x)) in base.iter().zip(&d).enumerate() {
            if b != x {
                moving[i] = true;
                if *delta.get_or_insert(x - b) != x - b {
                    return None;
                }
            }
        }
        deltas.insert(delta.unwrap_or(0));
    }
    // The digits that do not move must agree with the template everywhere.
    for a in alts {
        let d = digits(a);
        for (i, (&b, &x)) in base.iter().zip(&d).enumerate() {
            if !moving[i] && b != x {
                return None;
            }
        }
    }
    // Numbers that agree, or a line whose digits move anyway (its `any`
    // may cover the differences: the check in `short_form` decides).
    if deltas.len() == 1 || *shift != Shift::Fixed {
        return Some(vec![(template.clone(), shift.clone(), None)]);
    }
    if moving.iter().all(|&m| m) {
        return Some(vec![
            (template.clone(), Shift::Any, None),
            (
                template.clone(),
                Shift::Offsets(deltas.into_iter().collect()),
                None,
            ),
        ]);
    }
    // A variable on the moving digits, relative to the first of them.
    let first = moving.iter().position(|&m| m)?;
    let anchor = base[first];
    let mut pattern = template.clone();
    let mut k = 0;
    for g in &mut pattern.groups {
        if let Sym::Num(n) = g.sym {
            if moving[k] {
                *g = GroupPat {
                    sym: Sym::Var {
                        var: NumVar(0),
                        offset: n as i8 - anchor,
                    },
                    ..*g
                };
            }
            k += 1;
        }
    }
    let values: NumberSet = deltas
        .iter()
        .map(|d| anchor + d)
        .filter(|v| (1..=9).contains(v))
        .fold(0, |m, v| m | 1 << v);
    Some(
        [None, Some(ODD_NUMBERS), Some(EVEN_NUMBERS), Some(values)]
            .into_iter()
            .map(|r| (pattern.clone(), Shift::Fixed, r))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use crate::Card;

    fn suggestion(text: &str) -> Option<String> {
        let card = Card::parse(&format!("[S]\n{text}\n")).unwrap();
        crate::suggest::short_form(&card.lines()[0], card.variants_of(1)).map(|l| l.to_text())
    }

    #[test]
    fn a_variable_for_the_numbers_that_move() {
        let text = "2026a 1111b 1111c FF or 2026a 3333b 3333c FF or 2026a 5555b 5555c FF or 2026a 7777b 7777c FF or 2026a 9999b 9999c FF : 25 X";
        assert_eq!(
            suggestion(text).as_deref(),
            Some("2026a nnnnb nnnnc FF : 25 X n=odd")
        );
        let text = "FF 2026a 11b 22b 3333c or FF 2026a 44b 55b 6666c : 30 X \"note\"";
        assert_eq!(
            suggestion(text).as_deref(),
            Some("FF 2026a nnb (nn+1)b (nnnn+2)c : 30 X n=1,4 \"note\"")
        );
    }

    #[test]
    fn a_shift_when_every_number_moves() {
        let text = "1111a 1111b 1111c FF or 9999a 9999b 9999c FF : 25 X";
        assert_eq!(
            suggestion(text).as_deref(),
            Some("1111a 1111b 1111c FF : 25 X shift=0,8")
        );
    }

    #[test]
    fn one_or_three_suits() {
        // "Any run, in one suit or three": the whole hand twice.
        let text = "11a 22b 33c 4444a FFFF or 11a 22a 33a 4444a FFFF : 30 X any";
        assert_eq!(
            suggestion(text).as_deref(),
            Some("11a 22b 33c 4444a FFFF : 30 X any suits=1,3")
        );
        let text = "11a 22b 33c 4444a FFFF or 11a 22a 33a 4444a FFFF : 30 X";
        assert_eq!(
            suggestion(text).as_deref(),
            Some("11a 22b 33c 4444a FFFF : 30 X suits=1,3")
        );
        // `any` moves the one-suit run written from 2 as well.
        let text = "11a 22b 33c 4444a FFFF or 22a 33a 44a 5555a FFFF : 30 X any";
        assert_eq!(
            suggestion(text).as_deref(),
            Some("11a 22b 33c 4444a FFFF : 30 X any suits=1,3")
        );
        // `shift=0,1` does not: 1-5 and 2-6 in one suit are not 1-5 and 2-6 again.
        let text = "11a 22b 33c 4444a FFFF or 33a 44a 55a 6666a FFFF : 30 X shift=0,1";
        assert_eq!(suggestion(text), None);
    }

    #[test]
    fn no_suggestion_when_the_list_is_not_one_pattern() {
        // Kongs 2,4 with pungs 6,8, or the other way round: different groups.
        assert_eq!(
            suggestion("FF 2222a 4444a 66b 88b or FF 6666a 8888a 22b 44b : 30 X"),
            None
        );
        // Two digits moving by different amounts.
        assert_eq!(
            suggestion("FF 1111a 2222b 3333c or FF 2222a 4444b 3333c : 30 X"),
            None
        );
        assert_eq!(suggestion("FF 2222a 4444b 6666c : 25 X"), None);
    }
}
