//! Rulings as people read them (issue 20.7): each closed call's ruling
//! with its title, effect, words and source, and what it did to the sheet.
//! Round control's tiles, the floor page, the table's score page and the
//! confirmation after closing a call all read them from here; the template
//! `ruling.html` shows one, its source in a `<cite>`.

use jongg_tournament::{Call, CallNo, CallState, RoundNo, TableNo, Tournament};

/// One ruling, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RulingView {
    pub call: u32,
    pub round: u8,
    pub table: u16,
    /// The game it is about, where one was chosen.
    pub game: Option<u8>,
    /// "Picking ahead — hand dead: the player who picked ahead -10".
    pub line: String,
    /// The ruling in the preset's words.
    pub text: String,
    /// Where the rules say so ("st-louis-senior-olympics 6e", "R5").
    pub source: String,
    /// What it did to the sheet, or why nothing and how to apply it.
    pub outcome: String,
    /// The official's note, if any.
    pub note: String,
}

fn view(c: &Call) -> Option<RulingView> {
    let k = c.ruling.as_ref()?;
    Some(RulingView {
        call: c.number.0,
        round: c.round.0,
        table: c.table.0,
        game: k.game.map(|g| g.0),
        line: k.line(),
        text: k.ruling.text.clone(),
        source: k.ruling.source.clone(),
        outcome: k.outcome(c.table),
        note: c.note.clone().unwrap_or_default(),
    })
}

/// The rulings made, oldest first: of one round and one table where named.
pub(crate) fn rulings(
    t: &Tournament,
    round: Option<RoundNo>,
    table: Option<TableNo>,
) -> Vec<RulingView> {
    t.calls()
        .iter()
        .filter(|c| matches!(c.state, CallState::Closed { .. }))
        .filter(|c| round.is_none_or(|r| c.round == r) && table.is_none_or(|x| c.table == x))
        .filter_map(view)
        .collect()
}

/// What closing a call did, for the confirmation: "Call 1 closed:
/// <ruling> (<source>). <what it did to the sheet>." or "Call 1 closed: <note>".
pub(crate) fn closed_words(t: &Tournament, call: CallNo) -> Option<String> {
    let c = t.call(call).ok()?;
    let n = c.number.0;
    Some(match view(c) {
        Some(r) => format!(
            "Call {n} closed: {} ({}). {}.",
            r.line,
            r.source,
            upper(&r.outcome)
        ),
        None => format!("Call {n} closed: {}", c.note.as_deref().unwrap_or_default()),
    })
}

fn upper(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
