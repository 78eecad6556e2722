//! CSV by hand (RFC 4180): writing with correct quoting, and reading the
//! director's player list.

use jongg_tournament::PlayerNo;

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

/// Splits CSV text into records of fields (quotes, doubled quotes, commas
/// and line breaks inside quotes). Errors name the line.
pub(crate) fn parse(text: &str) -> Result<Vec<(usize, Vec<String>)>, String> {
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

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        #[test]
        fn parse_never_panics(s in "\\PC{0,200}") {
            let _ = parse(&s);
            let _ = players(&s);
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
