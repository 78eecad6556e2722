//! `jongg card check|near|lint|show` (issues 3 and 11): verify Mah Jongg
//! against a card, list the nearest hands, lint a card file, print a card
//! (or one named line and its concrete hands) back. `--card practice` (a
//! name, not a path) is jongg's embedded practice card.

use jongg_card::{Card, Diagnostic, MahjongMatch, NearHand};
use jongg_tiles::{Tile, format_tiles, parse_tiles};
use std::fmt::Write as _;
use std::process::ExitCode;

#[derive(clap::Subcommand, Debug)]
pub enum CardCommand {
    /// Verify Mah Jongg: every card line the rack makes, with its groups.
    /// Exit 0 when it is Mah Jongg, 1 when it is not, 2 on bad input.
    Check(HandArgs),
    /// The card lines nearest to a rack of 13 or 14 tiles.
    Near(NearArgs),
    /// Report every error (line and column) and warning in a card file.
    Lint(CardArg),
    /// Print a card back in the familiar layout, or one line and its
    /// concrete hands.
    Show {
        #[command(flatten)]
        card: CardArg,
        /// Only this line (by name, e.g. "2468 #3"), with every concrete hand it stands for.
        #[arg(long, value_name = "NAME")]
        line: Option<String>,
    },
}

/// The card, as `FILE` or `--card FILE` (`practice` for the practice card).
#[derive(clap::Args, Debug)]
pub struct CardArg {
    /// A card file, or `practice`.
    #[arg(value_name = "FILE|practice", required_unless_present = "card")]
    file: Option<String>,
    /// The same as FILE.
    #[arg(long, value_name = "FILE|practice", conflicts_with = "file")]
    card: Option<String>,
}

impl CardArg {
    fn name(&self) -> &str {
        self.file
            .as_deref()
            .or(self.card.as_deref())
            .unwrap_or("practice")
    }
}

#[derive(clap::Args, Debug)]
pub struct HandArgs {
    /// A card file, or `practice` for the embedded practice card.
    #[arg(long, value_name = "FILE|practice")]
    card: String,
    /// The concealed tiles, e.g. "F F 2Bx4 4C 4C J J 6Dx4".
    #[arg(long, value_name = "TILES")]
    hand: String,
    /// One exposed group (repeat for each), e.g. "5B 5B J".
    #[arg(long = "exposure", value_name = "TILES")]
    exposures: Vec<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args, Debug)]
pub struct NearArgs {
    #[command(flatten)]
    hand: HandArgs,
    /// How many lines to list.
    #[arg(long, default_value_t = 5)]
    top: usize,
}

pub fn run(c: CardCommand) -> ExitCode {
    match c {
        CardCommand::Check(a) => check(a),
        CardCommand::Near(a) => near(a),
        CardCommand::Lint(c) => lint(c.name()),
        CardCommand::Show { card, line } => show(card.name(), line.as_deref()),
    }
}

fn read_card_text(arg: &str) -> Result<(String, String), String> {
    if arg == "practice" {
        return Ok((jongg_card::PRACTICE_CARD.to_string(), "practice".into()));
    }
    std::fs::read_to_string(arg)
        .map(|t| (t, arg.to_string()))
        .map_err(|e| {
            format!("cannot read card file `{arg}`: {e} (or use `practice` for the practice card)")
        })
}

pub(crate) fn load_card(arg: &str) -> Result<Card, String> {
    let (text, name) = read_card_text(arg)?;
    Card::parse(&text).map_err(|e| {
        let mut s = format!("bad card `{name}`: {e}");
        s.push_str("\n(run `jongg card lint` on it for details)");
        s
    })
}

fn read_hand(a: &HandArgs) -> Result<(Vec<Tile>, Vec<Vec<Tile>>), String> {
    let concealed = parse_tiles(&a.hand).map_err(|e| format!("--hand: {e}"))?;
    let mut exposures = Vec::new();
    for (i, e) in a.exposures.iter().enumerate() {
        exposures.push(parse_tiles(e).map_err(|err| format!("--exposure {}: {err}", i + 1))?);
    }
    Ok((concealed, exposures))
}

fn check(a: HandArgs) -> ExitCode {
    let card = match load_card(&a.card) {
        Ok(c) => c,
        Err(e) => return super::bad_input(e),
    };
    let (concealed, exposures) = match read_hand(&a) {
        Ok(r) => r,
        Err(e) => return super::bad_input(e),
    };
    let matches = match card.mahjong(&concealed, &exposures) {
        Ok(m) => m,
        Err(e) => return super::bad_input(e),
    };
    if a.json {
        let v = serde_json::json!({
            "mahjong": !matches.is_empty(),
            "best": MahjongMatch::best(&matches),
            "matches": matches,
        });
        println!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
    } else {
        print!("{}", check_text(&card, &matches));
    }
    if matches.is_empty() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn check_text(card: &Card, matches: &[MahjongMatch]) -> String {
    let mut out = String::new();
    if matches.is_empty() {
        out.push_str("Not Mah Jongg: the rack makes no line of the card.\n");
        return out;
    }
    for m in matches {
        let pattern = card
            .line(m.line)
            .map(|l| l.pattern_text())
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "Mah Jongg: {} (line {}) {}  {} points, {}",
            m.name,
            m.line,
            pattern,
            m.value,
            if m.concealed_only { "C" } else { "X" }
        );
        let groups: Vec<String> = m
            .assignment
            .iter()
            .map(|g| {
                let t = format_tiles(&g.tiles);
                if g.exposure.is_some() {
                    format!("[{t}]")
                } else {
                    t
                }
            })
            .collect();
        let _ = writeln!(out, "  groups: {}", groups.join(" | "));
        let mut facts = vec![if m.jokerless {
            "jokerless".to_string()
        } else {
            format!("{} joker(s)", m.jokers_used)
        }];
        facts.push(if m.concealed {
            "concealed".into()
        } else {
            "exposed".into()
        });
        if m.singles_and_pairs {
            facts.push("singles and pairs".into());
        }
        if m.quints {
            facts.push("quints".into());
        }
        if m.one_group_left {
            facts.push("one group left unexposed (R3)".into());
        }
        let _ = writeln!(out, "  {}", facts.join(", "));
    }
    if let (Some(best), true) = (MahjongMatch::best(matches), matches.len() > 1) {
        let _ = writeln!(out, "Best: {} ({} points)", best.name, best.value);
    }
    out
}

fn near(a: NearArgs) -> ExitCode {
    let card = match load_card(&a.hand.card) {
        Ok(c) => c,
        Err(e) => return super::bad_input(e),
    };
    let (concealed, exposures) = match read_hand(&a.hand) {
        Ok(r) => r,
        Err(e) => return super::bad_input(e),
    };
    let total = concealed.len() + exposures.iter().map(Vec::len).sum::<usize>();
    if total != 13 && total != 14 {
        return super::bad_input(format!(
            "a rack has 13 or 14 tiles (exposures included); this one has {total}"
        ));
    }
    if let Err(e) = jongg_card::check_rack(&concealed, &exposures) {
        return super::bad_input(e);
    }
    let near = card.nearest(&concealed, &exposures, a.top);
    if a.hand.json {
        let v = serde_json::json!({ "best": near.first(), "nearest": near });
        println!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
    } else {
        print!("{}", near_text(&card, &near));
    }
    ExitCode::SUCCESS
}

fn near_text(card: &Card, near: &[NearHand]) -> String {
    let mut out = String::new();
    if near.is_empty() {
        out.push_str("No line of the card fits these exposures.\n");
    }
    for n in near {
        let pattern = card
            .line(n.line)
            .map(|l| l.pattern_text())
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "{:>2} needed  {} (line {}) {}  {} {}",
            n.tiles_needed,
            n.name,
            n.line,
            pattern,
            n.value,
            if n.concealed_only { "C" } else { "X" }
        );
        let _ = writeln!(out, "    need: {}", or_none(&n.needed));
        let _ = writeln!(out, "    no use: {}", or_none(&n.useless));
    }
    out
}

fn or_none(t: &[Tile]) -> String {
    if t.is_empty() {
        "-".into()
    } else {
        format_tiles(t)
    }
}

fn lint(file: &str) -> ExitCode {
    let (text, name) = match read_card_text(file) {
        Ok(r) => r,
        Err(e) => return super::bad_input(e),
    };
    let print = |kind: &str, d: &Diagnostic| {
        eprintln!("{name}:{}:{}: {kind}: {}", d.line, d.column, d.message)
    };
    match Card::parse(&text) {
        Err(errors) => {
            for d in &errors.0 {
                print("error", d);
            }
            super::bad_input(format!("{} error(s) in `{name}`", errors.0.len()))
        }
        Ok(card) => {
            let warnings = card.warnings();
            for d in &warnings {
                print("warning", d);
            }
            println!(
                "{name}: {} lines, {} concrete hands, {} warning(s)",
                card.lines().len(),
                card.variant_count(),
                warnings.len()
            );
            ExitCode::SUCCESS
        }
    }
}

fn show(file: &str, line: Option<&str>) -> ExitCode {
    let card = match load_card(file) {
        Ok(card) => card,
        Err(e) => return super::bad_input(e),
    };
    let Some(name) = line else {
        print!("{}", card.show());
        return ExitCode::SUCCESS;
    };
    match card.line_by_name(name) {
        Some(l) => {
            print!("{}", line_text(&card, l));
            ExitCode::SUCCESS
        }
        None => super::bad_input(format!(
            "no line named `{name}` in the card; its lines are named {}",
            names_hint(&card)
        )),
    }
}

/// One line and every concrete hand it stands for.
fn line_text(card: &Card, l: &jongg_card::Line) -> String {
    let mut out = format!("{} (line {}): {}\n", l.name, l.id, l.to_text());
    let hands = card.variants_of(l.id);
    let _ = writeln!(out, "{} concrete hand(s):", hands.len());
    for v in hands {
        let tiles: Vec<String> = v
            .groups
            .iter()
            .map(|g| format_tiles(&vec![g.tile; g.size as usize]))
            .collect();
        let _ = writeln!(out, "  {}", tiles.join(" | "));
    }
    out
}

/// The first few line names, for an error message.
fn names_hint(card: &Card) -> String {
    let names: Vec<String> = card
        .lines()
        .iter()
        .take(3)
        .map(|l| format!("`{}`", l.name))
        .collect();
    format!("{}, ... (`jongg card show` lists them)", names.join(", "))
}
