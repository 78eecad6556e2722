//! Reading what the director pastes or uploads: a player list and a
//! seating. Quotes, doubled quotes, commas and line breaks inside quotes
//! are the `csv` crate's; what the columns mean, and every error naming its
//! line, are ours.

use csv::{ReaderBuilder, StringRecord, Trim};
use jongg_tiles::{BySeat, Seat, excerpt};
use jongg_tournament::{PlayerNo, TableSeats};

pub(crate) use crate::body::pages::CSV_MAX_BYTES as MAX_BYTES;
/// The most lines of a pasted list or seating.
pub(crate) const MAX_RECORDS: usize = 5_000;

/// The lines of a CSV text that hold anything, each with the line it starts
/// on; fields trimmed, any number of fields a line. At most [`MAX_BYTES`]
/// and [`MAX_RECORDS`] lines.
fn records(text: &str) -> Result<Vec<(u64, StringRecord)>, String> {
    if text.len() > MAX_BYTES {
        return Err(format!(
            "the text has {} bytes: a list has at most {MAX_BYTES}",
            text.len()
        ));
    }
    let mut reader = ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .trim(Trim::All)
        .from_reader(text.as_bytes());
    let lines = Lines::of(text);
    let mut out = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| match e.position() {
            Some(at) => format!("line {}: {e}", lines.at(at.byte())),
            None => e.to_string(),
        })?;
        if record.iter().all(str::is_empty) {
            continue;
        }
        let line = record.position().map_or(0, |at| lines.at(at.byte()));
        if out.len() == MAX_RECORDS {
            return Err(format!(
                "line {line}: a list has at most {MAX_RECORDS} lines"
            ));
        }
        out.push((line, record));
    }
    Ok(out)
}

/// Line numbers in a text. (The reader's own count of lines skips blank
/// lines and counts a CRLF oddly; its byte offsets are right.)
struct Lines<'a> {
    text: &'a [u8],
    /// The byte offset of every `\n`.
    breaks: Vec<usize>,
}

impl Lines<'_> {
    fn of(text: &str) -> Lines<'_> {
        let text = text.as_bytes();
        let breaks = (0..text.len()).filter(|&i| text[i] == b'\n').collect();
        Lines { text, breaks }
    }

    /// The line of the first character at or after `byte` that is not a
    /// line break (a record's offset may point at the breaks before it).
    fn at(&self, byte: u64) -> u64 {
        let from = usize::try_from(byte)
            .unwrap_or(usize::MAX)
            .min(self.text.len());
        let start = self.text[from..]
            .iter()
            .position(|b| !matches!(b, b'\r' | b'\n'))
            .map_or(self.text.len(), |i| from + i);
        self.breaks.partition_point(|&b| b < start) as u64 + 1
    }
}

/// A text field that runs over several lines: a quote opened and never
/// closed takes in every line after it.
fn several_lines(what: &str, s: &str) -> Result<(), String> {
    if s.contains(['\n', '\r']) {
        return Err(format!(
            "{what} runs over several lines: is a quote (\") left open?"
        ));
    }
    Ok(())
}

/// One player of an uploaded list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PlayerRow {
    /// The line of the text it is on, as the director counts them.
    pub line: u64,
    pub number: PlayerNo,
    pub name: String,
    pub club: Option<String>,
    pub late: bool,
}

/// The most bad lines an error names; the rest are counted (issue 20.6).
pub(crate) const MAX_FAULTS_NAMED: usize = 20;

/// Every bad line of a list in one message: "line 4: ...; line 9: ...",
/// the first [`MAX_FAULTS_NAMED`] named and the rest counted.
pub(crate) fn faults_message(faults: &[String]) -> String {
    let mut out = faults
        .iter()
        .take(MAX_FAULTS_NAMED)
        .cloned()
        .collect::<Vec<_>>()
        .join("; ");
    let more = faults.len().saturating_sub(MAX_FAULTS_NAMED);
    if more > 0 {
        out.push_str(&format!(
            "; and {more} more {}",
            if more == 1 { "line" } else { "lines" }
        ));
    }
    out
}

/// Reads a player list: columns `number,name[,club[,late]]`, a header line
/// (one whose first field is not a number) skipped; `late` is `yes`, `y`,
/// `true` or `1`. Blank lines are skipped. Every bad line is named, by its
/// line in the text ([`faults_message`]).
#[cfg(test)]
pub(crate) fn players(text: &str) -> Result<Vec<PlayerRow>, String> {
    let (rows, faults) = player_list(text)?;
    if !faults.is_empty() {
        let said: Vec<String> = faults.into_iter().map(|(_, f)| f).collect();
        return Err(faults_message(&said));
    }
    Ok(rows)
}

/// What a list's bad lines say, each with its line: (4, "line 4: ...").
pub(crate) type Faults = Vec<(u64, String)>;

/// The players a list's good lines give, and the fault of each bad line;
/// `Err` when the text as a whole cannot be read.
pub(crate) fn player_list(text: &str) -> Result<(Vec<PlayerRow>, Faults), String> {
    let mut out = Vec::new();
    let mut faults = Vec::new();
    for (i, (line, rec)) in records(text)?.into_iter().enumerate() {
        match player(i, line, &rec) {
            Ok(Some(p)) => out.push(p),
            Ok(None) => {}
            Err(e) => faults.push((line, format!("line {line}: {e}"))),
        }
    }
    if out.is_empty() && faults.is_empty() {
        return Err("the file has no players (expected lines of number,name,club)".into());
    }
    Ok((out, faults))
}

/// One line of a player list (the `i`th that holds anything): the player,
/// or `None` for the header.
fn player(i: usize, line: u64, rec: &StringRecord) -> Result<Option<PlayerRow>, String> {
    let get = |k: usize| rec.get(k).unwrap_or("");
    let first = get(0).trim_start_matches('#');
    let Ok(number) = first.parse::<u32>() else {
        if i == 0 {
            return Ok(None); // the header
        }
        return Err(format!(
            "the player number `{}` is not a whole number",
            excerpt(get(0))
        ));
    };
    if number == 0 {
        return Err("player numbers start at 1".into());
    }
    let name = get(1).to_string();
    if name.is_empty() {
        return Err(format!("player #{number} has no name"));
    }
    several_lines(&format!("the name of player #{number}"), &name)?;
    if rec.len() > 4 {
        return Err(format!(
            "{} columns; expected number, name, club, late",
            rec.len()
        ));
    }
    let club = Some(get(2).to_string()).filter(|c| !c.is_empty());
    if let Some(c) = &club {
        several_lines(&format!("the club of player #{number}"), c)?;
    }
    let late = match get(3).to_ascii_lowercase().as_str() {
        "" | "no" | "n" | "false" | "0" => false,
        "yes" | "y" | "true" | "1" | "late" => true,
        other => {
            return Err(format!("late is `{}`; expected yes or no", excerpt(other)));
        }
    };
    Ok(Some(PlayerRow {
        line,
        number: PlayerNo(number),
        name,
        club,
        late,
    }))
}

/// A seating typed in or exported from a spreadsheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SeatingRows {
    pub tables: Vec<TableSeats>,
    pub sit_outs: Vec<PlayerNo>,
}

/// A player number in a seating (`#` allowed before it), or nothing.
fn seat_number(line: u64, what: &str, f: &str) -> Result<Option<PlayerNo>, String> {
    let f = f.trim_start_matches('#');
    if f.is_empty() {
        return Ok(None);
    }
    match f.parse::<u32>() {
        Ok(n) if n > 0 => Ok(Some(PlayerNo(n))),
        _ => Err(format!(
            "line {line}: {what} is `{}`; expected a player number (or nothing)",
            excerpt(f)
        )),
    }
}

/// Reads a seating: one table a line, `table,east,south,west,north` (player
/// numbers; an empty field is an empty seat), a header line (one whose first
/// field is not a number) skipped, and lines `sit out,13,14` for players who
/// sit the round out. Whether it is a valid seating (everyone playing seated
/// once) is the tournament's to say. Every error names its line.
pub(crate) fn seating(text: &str) -> Result<SeatingRows, String> {
    let mut out = SeatingRows {
        tables: Vec::new(),
        sit_outs: Vec::new(),
    };
    for (i, (line, rec)) in records(text)?.into_iter().enumerate() {
        let first = rec.get(0).unwrap_or("");
        if first.to_ascii_lowercase().replace(['-', '_'], " ") == "sit out" {
            for f in rec.iter().skip(1) {
                if let Some(p) = seat_number(line, "a sit-out", f)? {
                    out.sit_outs.push(p);
                }
            }
            continue;
        }
        let Ok(table) = first.parse::<u16>() else {
            if i == 0 {
                continue; // the header
            }
            return Err(format!(
                "line {line}: the table `{}` is not a table number",
                excerpt(first)
            ));
        };
        if table == 0 {
            return Err(format!("line {line}: tables are numbered from 1"));
        }
        if rec.len() > 5 {
            return Err(format!(
                "line {line}: {} columns; expected table, east, south, west, north",
                rec.len()
            ));
        }
        let mut seats = BySeat([None; 4]);
        for seat in Seat::ALL {
            let f = rec.get(1 + seat.index()).unwrap_or("");
            seats[seat] = seat_number(line, seat.name(), f)?;
        }
        out.tables.push(TableSeats {
            table: jongg_tournament::TableNo(table),
            seats,
        });
    }
    if out.tables.is_empty() {
        return Err(
            "the seating has no tables (expected lines of table,east,south,west,north)".into(),
        );
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn player_list_with_header_quotes_and_late() {
        let text = "number,name,club,late\r\n1,Ann Lee,\"Temple, Beth\",\n2,\"Bo \"\"B\"\" Ng\",,yes\n\n3,Cy\n";
        let p = players(text).unwrap();
        assert_eq!(p.len(), 3);
        assert_eq!(p[0].club.as_deref(), Some("Temple, Beth"));
        assert_eq!(p[1].name, "Bo \"B\" Ng");
        assert!(p[1].late);
        assert_eq!(p[2].club, None);
    }

    #[test]
    fn player_list_errors_name_the_line() {
        assert_eq!(
            players("1,Ann\nx,Bo").unwrap_err(),
            "line 2: the player number `x` is not a whole number"
        );
        assert_eq!(
            players("1,\n").unwrap_err(),
            "line 1: player #1 has no name"
        );
        // A quote left open takes in the lines after it.
        assert_eq!(
            players("1,\"Ann\n2,Bo\n").unwrap_err(),
            "line 1: the name of player #1 runs over several lines: is a quote (\") left open?"
        );
        assert!(
            players("1,Ann,c,maybe")
                .unwrap_err()
                .contains("late is `maybe`")
        );
        assert!(players("number,name\n").unwrap_err().contains("no players"));
        // An error quotes at most an excerpt of a long field.
        let long = players(&format!("1,Ann,c,{}", "y".repeat(100_000))).unwrap_err();
        assert!(long.len() < 200, "{long}");
        // Lines are counted in the text, blank ones and quoted breaks too.
        assert_eq!(
            players("1,Ann\n\n2,\"Bo\",\"a\nclub\"\nx,Cy").unwrap_err(),
            "line 3: the club of player #2 runs over several lines: is a quote (\") left open?; \
             line 5: the player number `x` is not a whole number"
        );
        assert_eq!(
            players("1,Ann\n\n\nx,Cy").unwrap_err(),
            "line 4: the player number `x` is not a whole number"
        );
        assert_eq!(
            players("1,Ann\r\n\r\n2,Bo\r\nx,Cy\r\n").unwrap_err(),
            "line 4: the player number `x` is not a whole number"
        );
    }

    /// Issue 20.6: every bad line is named by its line in the text (blank
    /// lines counted), the first 20, then how many more.
    #[test]
    fn every_bad_line_is_named_by_its_line_up_to_twenty_then_counted() {
        assert_eq!(
            players("number,name\n1,Ann\nx,Bo\n\n0,Cy\n4,\n5,Eve").unwrap_err(),
            "line 3: the player number `x` is not a whole number; \
             line 5: player numbers start at 1; line 6: player #4 has no name"
        );
        let mut text = String::from("number,name\n");
        for n in 1..=30 {
            text.push_str(&format!("{n},{}\n", if n % 2 == 0 { "" } else { "P" }));
        }
        let e = players(&text).unwrap_err();
        assert!(
            e.starts_with("line 3: player #2 has no name; line 5:"),
            "{e}"
        );
        assert_eq!(e.matches("has no name").count(), 15, "{e}");
        let mut text = String::from("number,name\n");
        for n in 1..=25 {
            text.push_str(&format!("{n},\n"));
        }
        let e = players(&text).unwrap_err();
        assert_eq!(e.matches("has no name").count(), 20, "{e}");
        assert!(
            e.contains("line 21: player #20 has no name; and 5 more lines"),
            "{e}"
        );
    }

    #[test]
    fn seating_with_header_empty_seats_and_sit_outs() {
        let text = "table,east,south,west,north\n1,1,2,3,4\n2,#5,6,7,\nsit out,8\n";
        let s = seating(text).unwrap();
        assert_eq!(s.tables.len(), 2);
        assert_eq!(s.tables[0].seats[Seat::West], Some(PlayerNo(3)));
        assert_eq!(s.tables[1].seats[Seat::East], Some(PlayerNo(5)));
        assert_eq!(s.tables[1].seats[Seat::North], None);
        assert_eq!(s.sit_outs, vec![PlayerNo(8)]);
    }

    #[test]
    fn seating_errors_name_the_line_and_the_seat() {
        assert_eq!(
            seating("1,1,2,3,4\n2,5,x,7,8").unwrap_err(),
            "line 2: south is `x`; expected a player number (or nothing)"
        );
        assert_eq!(
            seating("1,1,2,3,4\nten,5,6,7,8").unwrap_err(),
            "line 2: the table `ten` is not a table number"
        );
        assert!(seating("1,1,2,3,4,5").unwrap_err().contains("6 columns"));
        assert!(seating("0,1,2,3,4").unwrap_err().contains("from 1"));
        assert!(seating("sit out,1\n").unwrap_err().contains("no tables"));
    }

    #[test]
    fn lists_are_bounded() {
        let long = "1,Ann\n".repeat(MAX_RECORDS + 1);
        assert_eq!(
            players(&long).unwrap_err(),
            format!("line {}: a list has at most 5000 lines", MAX_RECORDS + 1)
        );
        let big = format!("1,{}\n", "A".repeat(MAX_BYTES));
        assert!(players(&big).unwrap_err().contains("bytes"));
        assert_eq!(
            players(&"1,Ann\n".repeat(MAX_RECORDS)).unwrap().len(),
            MAX_RECORDS
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        #[test]
        fn reading_never_panics(s in "\\PC{0,200}") {
            let _ = records(&s);
            let _ = players(&s);
            let _ = seating(&s);
        }

        #[test]
        fn a_written_list_reads_back(
            rows in proptest::collection::vec(
                (1u32..10_000, "[a-zA-Z][a-zA-Z0-9 ,\"'=+@-]{0,20}[a-zA-Z]", proptest::option::of("[a-zA-Z][a-zA-Z ,\"]{0,10}[a-zA-Z]"), any::<bool>()),
                1..20,
            )
        ) {
            // Written by the csv crate, as a spreadsheet would.
            let mut w = csv::Writer::from_writer(Vec::new());
            for (n, name, club, late) in &rows {
                let late = if *late { "yes" } else { "" };
                w.write_record([n.to_string().as_str(), name, club.as_deref().unwrap_or(""), late]).unwrap();
            }
            let text = String::from_utf8(w.into_inner().unwrap()).unwrap();
            let read = players(&text).unwrap();
            prop_assert_eq!(read.len(), rows.len());
            for (r, (n, name, club, late)) in read.iter().zip(&rows) {
                prop_assert_eq!(r.number, PlayerNo(*n));
                prop_assert_eq!(&r.name, name);
                prop_assert_eq!(&r.club, club);
                prop_assert_eq!(r.late, *late);
            }
        }
    }
}
