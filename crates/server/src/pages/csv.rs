//! CSV by hand (RFC 4180): writing with correct quoting, and reading the
//! director's player list and seating.

use jongg_tiles::{BySeat, Seat};
use jongg_tournament::{PlayerNo, TableSeats};

/// One CSV field, quoted when it holds a comma, a quote or a line break.
/// A leading `=`, `+`, `-` or `@` is prefixed with `'` so a spreadsheet does
/// not run a name as a formula.
pub(crate) fn field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '@']) || (s.starts_with('-') && s.parse::<f64>().is_err()) {
        format!("'{s}")
    } else {
        s.to_string()
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

/// A CSV line (with CRLF, as RFC 4180 has it).
pub(crate) fn line<S: AsRef<str>>(fields: &[S]) -> String {
    let mut out: Vec<String> = fields.iter().map(|f| field(f.as_ref())).collect();
    let mut s = std::mem::take(&mut out).join(",");
    s.push_str("\r\n");
    s
}

/// The most bytes and lines of a pasted list or seating.
pub(crate) const MAX_BYTES: usize = 512 * 1024;
pub(crate) const MAX_RECORDS: usize = 5_000;

/// Splits CSV text into records of fields (quotes, doubled quotes, commas
/// and line breaks inside quotes). Errors name the line. At most
/// [`MAX_BYTES`] and [`MAX_RECORDS`] lines.
pub(crate) fn parse(text: &str) -> Result<Vec<(usize, Vec<String>)>, String> {
    if text.len() > MAX_BYTES {
        return Err(format!(
            "the text has {} bytes: a list has at most {MAX_BYTES}",
            text.len()
        ));
    }
    let mut records = Vec::new();
    let mut fields = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut line = 1;
    let mut start = 1;
    let mut chars = text.chars().peekable();
    let mut any = false;
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    cur.push('"');
                }
                '"' => quoted = false,
                '\n' => {
                    line += 1;
                    cur.push(c);
                }
                _ => cur.push(c),
            }
            continue;
        }
        match c {
            '"' if cur.trim().is_empty() => {
                cur.clear();
                quoted = true;
                any = true;
            }
            ',' => {
                fields.push(std::mem::take(&mut cur));
                any = true;
            }
            '\r' => {}
            '\n' => {
                if any || !cur.trim().is_empty() {
                    fields.push(std::mem::take(&mut cur));
                    records.push((start, std::mem::take(&mut fields)));
                    if records.len() > MAX_RECORDS {
                        return Err(format!(
                            "line {start}: a list has at most {MAX_RECORDS} lines"
                        ));
                    }
                }
                cur.clear();
                any = false;
                line += 1;
                start = line;
            }
            _ => {
                cur.push(c);
                any = true;
            }
        }
    }
    if quoted {
        return Err(format!("line {start}: a quoted field is not closed"));
    }
    if any || !cur.trim().is_empty() {
        fields.push(cur);
        records.push((start, fields));
    }
    if records.len() > MAX_RECORDS {
        return Err(format!("a list has at most {MAX_RECORDS} lines"));
    }
    Ok(records)
}

/// One player of an uploaded list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PlayerRow {
    pub number: PlayerNo,
    pub name: String,
    pub club: Option<String>,
    pub late: bool,
}

/// Reads a player list: columns `number,name[,club[,late]]`, a header line
/// (one whose first field is not a number) skipped; `late` is `yes`, `y`,
/// `true` or `1`. Blank lines are skipped. Every error names its line.
pub(crate) fn players(text: &str) -> Result<Vec<PlayerRow>, String> {
    let mut out = Vec::new();
    for (i, (line, rec)) in parse(text)?.into_iter().enumerate() {
        let get = |k: usize| rec.get(k).map(|s| s.trim()).unwrap_or("");
        if rec.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        let first = get(0).trim_start_matches('#');
        let Ok(number) = first.parse::<u32>() else {
            if i == 0 {
                continue; // the header
            }
            return Err(format!(
                "line {line}: the player number `{}` is not a whole number",
                get(0)
            ));
        };
        if number == 0 {
            return Err(format!("line {line}: player numbers start at 1"));
        }
        let name = get(1).to_string();
        if name.is_empty() {
            return Err(format!("line {line}: player #{number} has no name"));
        }
        if rec.len() > 4 {
            return Err(format!(
                "line {line}: {} columns; expected number, name, club, late",
                rec.len()
            ));
        }
        let club = Some(get(2).to_string()).filter(|c| !c.is_empty());
        let late = match get(3).to_ascii_lowercase().as_str() {
            "" | "no" | "n" | "false" | "0" => false,
            "yes" | "y" | "true" | "1" | "late" => true,
            other => {
                return Err(format!(
                    "line {line}: late is `{other}`; expected yes or no"
                ));
            }
        };
        out.push(PlayerRow {
            number: PlayerNo(number),
            name,
            club,
            late,
        });
    }
    if out.is_empty() {
        return Err("the file has no players (expected lines of number,name,club)".into());
    }
    Ok(out)
}

/// A seating typed in or exported from a spreadsheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SeatingRows {
    pub tables: Vec<TableSeats>,
    pub sit_outs: Vec<PlayerNo>,
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
    let number = |line: usize, what: &str, f: &str| -> Result<Option<PlayerNo>, String> {
        let f = f.trim().trim_start_matches('#');
        if f.is_empty() {
            return Ok(None);
        }
        match f.parse::<u32>() {
            Ok(n) if n > 0 => Ok(Some(PlayerNo(n))),
            _ => Err(format!(
                "line {line}: {what} is `{f}`; expected a player number (or nothing)"
            )),
        }
    };
    for (i, (line, rec)) in parse(text)?.into_iter().enumerate() {
        if rec.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        let first = rec[0].trim();
        if first.to_ascii_lowercase().replace(['-', '_'], " ") == "sit out" {
            for f in &rec[1..] {
                if let Some(p) = number(line, "a sit-out", f)? {
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
                "line {line}: the table `{first}` is not a table number"
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
            let f = rec.get(1 + seat.index()).map_or("", String::as_str);
            seats[seat] = number(line, seat.name(), f)?;
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
    fn quoting() {
        assert_eq!(field("Ann"), "Ann");
        assert_eq!(field("Lee, Ann"), "\"Lee, Ann\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(field("=SUM(A1)"), "'=SUM(A1)");
        assert_eq!(field("-20"), "-20");
        assert_eq!(line(&["1", "a,b"]), "1,\"a,b\"\r\n");
    }

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
        assert!(players("1,\"Ann\n").unwrap_err().contains("not closed"));
        assert!(
            players("1,Ann,c,maybe")
                .unwrap_err()
                .contains("late is `maybe`")
        );
        assert!(players("number,name\n").unwrap_err().contains("no players"));
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
        assert!(players(&long).unwrap_err().contains("at most 5000 lines"));
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
        fn parse_never_panics(s in "\\PC{0,200}") {
            let _ = parse(&s);
            let _ = players(&s);
            let _ = seating(&s);
        }

        #[test]
        fn written_fields_read_back(fields in proptest::collection::vec("[a-zA-Z0-9 ,\"\n]{0,12}", 1..5)) {
            let text = line(&fields);
            let rows = parse(&text).unwrap();
            let all_blank = fields.len() == 1 && fields[0].is_empty();
            if !all_blank {
                prop_assert_eq!(rows.len(), 1);
                prop_assert_eq!(&rows[0].1, &fields);
            }
        }
    }
}
