//! A body's field in words (issue 13.6): a mistake that reaches a page says
//! "the points of East", not `entry.points.east`. The exact path still goes
//! with the error for programs (`BodyError::path`).

/// A seat's name as people write it, if `key` is one.
fn seat(key: &str) -> Option<&'static str> {
    Some(match key {
        "east" => "East",
        "south" => "South",
        "west" => "West",
        "north" => "North",
        _ => return None,
    })
}

/// One field's name in words, without an article.
fn field(key: &str) -> String {
    match key {
        "name" => "name".into(),
        "dates" => "days of play".into(),
        "rounds" => "number of rounds".into(),
        "games_per_round" => "games a round".into(),
        "round_minutes" => "minutes a round".into(),
        "tie_breaks" => "order of the tie-breaks".into(),
        "odd_players" => "choice for odd numbers of players".into(),
        "time_zone" => "time zone".into(),
        "mah_jongg" => "seat that made Mah Jongg".into(),
        "entry" => "game".into(),
        "number" => "player's number".into(),
        "version" => "sheet's version".into(),
        "clear_signatures" => "choice to clear the signatures".into(),
        "method" => "way to seat the round".into(),
        "seed" => "draw number".into(),
        "csv" => "pasted list".into(),
        "value" => "card value".into(),
        "exposures" => "number of exposures".into(),
        "self_picked" => "self-picked box".into(),
        k => k.replace('_', " "),
    }
}

/// "is" or "are", as the head of a field's words asks: "the minutes are",
/// "the number of rounds is", "the points of East are".
pub(crate) fn is(words: &str) -> &'static str {
    let mut w = words.trim_start_matches("the ").split(' ');
    let first = w.next().unwrap_or("");
    let head = if first.ends_with("'s") {
        w.next().unwrap_or("")
    } else {
        first
    };
    if head.ends_with('s') && !head.ends_with("ss") {
        "are"
    } else {
        "is"
    }
}

/// A body's path (`entry.points.east`, `method.tables[1].seats.north`) in
/// words: "the points of East", "North's seat at table 2".
pub(crate) fn path_words(path: &str) -> String {
    // The keys and list positions, in order.
    let mut keys: Vec<String> = Vec::new();
    for part in path.split('.') {
        let mut rest = part;
        if let Some(i) = rest.find('[') {
            keys.push(rest[..i].to_string());
            rest = &rest[i..];
            while let Some(end) = rest.find(']') {
                keys.push(rest[..=end].to_string());
                rest = &rest[end + 1..];
            }
        } else {
            keys.push(rest.to_string());
        }
    }
    keys.retain(|k| !k.is_empty());
    let mut words = String::new();
    let mut place = Vec::new();
    let mut i = keys.len();
    // From the last key back: the field, then where it is.
    while i > 0 {
        i -= 1;
        let k = &keys[i];
        if let Some(n) = k.strip_prefix('[').and_then(|k| k.strip_suffix(']')) {
            let n = n.parse::<usize>().map_or(0, |n| n + 1);
            let list = i.checked_sub(1).map(|j| keys[j].as_str()).unwrap_or("");
            let item = match list {
                "tables" => format!("table {n}"),
                "penalties" => format!("penalty {n}"),
                "players" => format!("player {n}"),
                "dates" => format!("day {n}"),
                l => format!("item {n} of the {}", field(l)),
            };
            if words.is_empty() {
                words = format!("the {item}");
            } else {
                place.push(item);
            }
            i = i.saturating_sub(1);
            continue;
        }
        if words.is_empty() {
            let parent = i.checked_sub(1).map(|j| keys[j].as_str());
            words = match (seat(k), parent) {
                (Some(s), Some("points")) => format!("the points of {s}"),
                (Some(s), Some("seats")) => format!("{s}'s seat"),
                (Some(s), Some("dead")) => format!("{s}'s dead hand"),
                (Some(s), _) => format!("{s}'s {}", parent.map_or("entry".into(), field)),
                (None, _) => format!("the {}", field(k)),
            };
            if seat(k).is_some() && parent.is_some() {
                i -= 1;
            }
        }
    }
    if words.is_empty() {
        return "the body".into();
    }
    for p in place {
        words.push_str(&format!(" at {p}"));
    }
    words
}

/// A player as people read them: "Ann Lee (#12)", "#12" when the number
/// names nobody, "—" for no one. The pages and the API's answers both say it.
pub(crate) fn who(
    t: &jongg_tournament::Tournament,
    p: Option<jongg_tournament::PlayerNo>,
) -> String {
    match p {
        Some(n) => match t.player(n) {
            Ok(pl) => format!("{} (#{})", pl.name, n.0),
            Err(_) => format!("#{}", n.0),
        },
        None => "—".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::path_words;

    #[test]
    fn paths_in_words() {
        assert_eq!(path_words("entry.points.east"), "the points of East");
        assert_eq!(path_words("entry.points"), "the points");
        assert_eq!(path_words("entry.kind"), "the kind");
        assert_eq!(path_words("round_minutes"), "the minutes a round");
        assert_eq!(
            path_words("method.tables[1].seats.north"),
            "North's seat at table 2"
        );
        assert_eq!(
            path_words("entry.record.penalties[0].kind"),
            "the kind at penalty 1"
        );
        assert_eq!(path_words("dates[2]"), "the day 3");
        assert_eq!(path_words(""), "the body");
        assert_eq!(path_words("odd_players.points"), "the points");
        for (words, verb) in [
            ("the minutes", "are"),
            ("the number of rounds", "is"),
            ("the points of East", "are"),
            ("North's seat at table 2", "is"),
            ("the kind", "is"),
            ("the pasted list", "is"),
        ] {
            assert_eq!(super::is(words), verb, "{words}");
        }
    }
}
