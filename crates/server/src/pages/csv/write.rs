//! Every CSV the server writes (standings, games, the audit log, the
//! floor's audit), through one writer, [`Rows`], by the `csv` crate: RFC
//! 4180 quoting, CRLF line ends. A text that a spreadsheet would run as a
//! formula (a leading `=`, `+`, `@`, tab or carriage return, or a `-` that
//! is not a number) is written with a `'` before it (issue 19.6: a call's
//! reason typed at a table reached floor.csv as a live `=HYPERLINK`).

use jongg_tournament::{SheetState, Tournament};
use std::borrow::Cow;

/// A field as written: a would-be formula made plain text.
fn guarded(s: &str) -> Cow<'_, str> {
    let formula = s.starts_with(['=', '+', '@', '\t', '\r'])
        || (s.starts_with('-') && s.parse::<f64>().is_err());
    if formula {
        Cow::Owned(format!("'{s}"))
    } else {
        Cow::Borrowed(s)
    }
}

/// Rows into CSV text.
struct Rows(csv::Writer<Vec<u8>>);

impl Rows {
    fn new() -> Rows {
        Rows(
            csv::WriterBuilder::new()
                .flexible(true)
                .terminator(csv::Terminator::CRLF)
                .from_writer(Vec::new()),
        )
    }

    fn row<S: AsRef<str>>(&mut self, fields: &[S]) -> Result<(), csv::Error> {
        self.0
            .write_record(fields.iter().map(|f| guarded(f.as_ref()).into_owned()))
    }

    fn finish(self) -> Result<String, csv::Error> {
        let bytes = self.0.into_inner().map_err(|e| e.into_error())?;
        // Every field written was a `str`.
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }
}

/// The standings: one row per player, best first.
pub(crate) fn standings(t: &Tournament) -> Result<String, csv::Error> {
    let n = t.rounds().len();
    let mut head: Vec<String> = [
        "rank",
        "number",
        "name",
        "club",
        "status",
        "points",
        "mah_jonggs",
        "best_game",
        "games",
    ]
    .map(String::from)
    .to_vec();
    head.extend((1..=n).map(|r| format!("round_{r}")));
    // Discipline (standard 2B-2C, 27): penalties outside the games (in
    // `points` already) and a disqualification with what it did.
    head.extend(["penalties".to_string(), "disqualified".to_string()]);
    let floor: std::collections::BTreeMap<u32, (i64, &str)> = t
        .standings()
        .rows
        .iter()
        .map(|r| {
            let dq = match r.disqualified {
                None => "",
                Some(jongg_tournament::DisqualifiedScores::Kept) => "scores kept",
                Some(jongg_tournament::DisqualifiedScores::Void) => "scores void",
            };
            (r.player.0, (r.penalties, dq))
        })
        .collect();
    let mut out = Rows::new();
    out.row(&head)?;
    for r in super::super::public::rows(t) {
        let mut v = vec![
            r.rank.to_string(),
            r.number.to_string(),
            r.name.clone(),
            r.club.clone(),
            if r.standing.is_empty() {
                "playing".into()
            } else {
                r.standing.into()
            },
            r.points.to_string(),
            r.mah_jonggs.to_string(),
            r.best.clone(),
            r.games.to_string(),
        ];
        v.extend(r.rounds.iter().map(i64::to_string));
        let (penalties, dq) = floor.get(&r.number).copied().unwrap_or((0, ""));
        v.extend([penalties.to_string(), dq.to_string()]);
        out.row(&v)?;
    }
    out.finish()
}

/// Every game entered, one row per player and game.
pub(crate) fn games(t: &Tournament) -> Result<String, csv::Error> {
    let mut out = Rows::new();
    out.row(&[
        "round",
        "table",
        "game",
        "seat",
        "number",
        "name",
        "points",
        "mah_jongg",
        "sheet",
    ])?;
    for round in t.rounds() {
        for sheet in &round.sheets {
            for (g, entry) in sheet.games.iter().enumerate() {
                let Some(e) = entry else { continue };
                for (seat, p) in sheet.players.iter() {
                    let Some(p) = p else { continue };
                    let name = t.player(*p).map(|x| x.name.clone()).unwrap_or_default();
                    out.row(&[
                        round.seating.round.to_string(),
                        sheet.table.to_string(),
                        (g + 1).to_string(),
                        seat.name().to_string(),
                        p.0.to_string(),
                        name,
                        e.points[seat].to_string(),
                        (e.mah_jongg == Some(seat)).to_string(),
                        match sheet.state {
                            SheetState::Draft => "draft",
                            SheetState::Signed => "signed",
                            SheetState::Accepted => "accepted",
                        }
                        .to_string(),
                    ])?;
                }
            }
        }
    }
    out.finish()
}

/// The audit log's columns (stable: a spreadsheet may read them by name).
pub(crate) const AUDIT_HEAD: [&str; 12] = [
    "row",
    "local_time",
    "utc",
    "who",
    "round",
    "table",
    "what",
    "game",
    "seat",
    "before",
    "after",
    "reason",
];

/// The audit log's rows, as the page shows them (the local time ends with
/// its zone's abbreviation, `CDT`).
pub(crate) fn audit(rows: impl Iterator<Item = [String; 12]>) -> Result<String, csv::Error> {
    let mut out = Rows::new();
    out.row(&AUDIT_HEAD)?;
    for r in rows {
        out.row(&r)?;
    }
    out.finish()
}

/// The floor's columns (stable: a spreadsheet may read them by name).
const FLOOR_HEAD: [&str; 12] = [
    "seq", "at", "actor", "what", "round", "table", "game", "seat", "player", "text", "penalty",
    "source",
];

/// The floor's audit: every call, ruling and sanction, oldest first.
pub(crate) fn floor(t: &Tournament) -> Result<String, csv::Error> {
    let opt = |v: Option<String>| v.unwrap_or_default();
    let mut out = Rows::new();
    out.row(&FLOOR_HEAD)?;
    for e in t.floor_log() {
        out.row(&[
            e.seq.to_string(),
            e.at.to_string(),
            e.actor.to_string(),
            e.what,
            opt(e.round.map(|x| x.to_string())),
            opt(e.table.map(|x| x.to_string())),
            opt(e.game.map(|x| x.to_string())),
            opt(e.seat.map(|x| x.to_string())),
            opt(e.player.map(|x| x.0.to_string())),
            e.text,
            e.penalty,
            e.source,
        ])?;
    }
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn line<S: AsRef<str>>(fields: &[S]) -> String {
        let mut r = Rows::new();
        r.row(fields).unwrap();
        r.finish().unwrap()
    }

    #[test]
    fn quoting_and_formulas() {
        assert_eq!(line(&["Ann"]), "Ann\r\n");
        assert_eq!(line(&["Lee, Ann"]), "\"Lee, Ann\"\r\n");
        assert_eq!(line(&["say \"hi\""]), "\"say \"\"hi\"\"\"\r\n");
        assert_eq!(line(&["=SUM(A1)"]), "'=SUM(A1)\r\n");
        assert_eq!(line(&["+1", "@x", "-x", "\tx"]), "'+1,'@x,'-x,'\tx\r\n");
        assert_eq!(line(&["-20", "-2.5"]), "-20,-2.5\r\n");
        assert_eq!(line(&["1", "a,b"]), "1,\"a,b\"\r\n");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        /// What is written reads back as written (the csv crate's reader),
        /// but for the `'` before a formula.
        #[test]
        fn written_fields_read_back(fields in proptest::collection::vec("[a-zA-Z0-9 ,\"\n=+@-]{1,12}", 1..6)) {
            let text = line(&fields);
            let mut reader = csv::ReaderBuilder::new().has_headers(false).from_reader(text.as_bytes());
            let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
            prop_assert_eq!(rows.len(), 1);
            let read: Vec<&str> = rows[0].iter().collect();
            let want: Vec<String> = fields.iter().map(|f| guarded(f).into_owned()).collect();
            prop_assert_eq!(read, want);
        }
    }
}
