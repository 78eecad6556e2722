//! One decision judged: the seat's action beside the strong bot's, the
//! difference in the strong bot's own points, and the reason in words.

use super::{Decision, Review, call_words};
use crate::bot::{OpenLine, StrongBot};
use crate::event::{Action, Call};
use crate::judge::{Exposure, Judge};
use crate::view::{Situation, View};
use jongg_card::Card;
use jongg_tiles::{Counts, Seat, Tile, format_tiles};
use std::fmt::Write;

/// Two choices within this many points are as good as each other.
const SAME: f64 = 1e-9;
/// A thrown tile's danger is named from this many points at risk.
const DANGER_NAMED: f64 = 0.5;
/// How many near lines of an opponent are looked at to name the danger
/// (as many as the strong bot's defence weighs).
const OPPONENT_LINES: usize = 6;

/// The review of one decision.
#[allow(clippy::too_many_arguments)]
pub(super) fn judge(
    bot: &mut StrongBot<'_>,
    view: &View<'_>,
    card: &Card,
    event: usize,
    decision: Decision,
    did: Action,
    strong: Action,
) -> Review {
    let (difference, gap) = if did == strong {
        (0.0, Gap::Same(String::new()))
    } else {
        difference(bot, view, card, &did, &strong)
    };
    // Two choices of one kind agree when the seat's is as good; of
    // different kinds (a pass and a stop, a discard and Mah Jongg) never.
    let (agree, why) = match gap {
        Gap::Same(w) => (difference <= SAME, w),
        Gap::Other(w) => (false, w),
    };
    let danger = match did {
        Action::Discard { tile } => bot.danger_of(view)[tile.index()],
        _ => 0.0,
    };
    let mut reason = lines_words(&bot.open_lines(view));
    if !why.is_empty() {
        let _ = write!(reason, "; {why}");
    }
    if let Action::Discard { tile } = did
        && danger >= DANGER_NAMED
    {
        let _ = write!(
            reason,
            "; the {tile} you threw is dangerous: {} ({} points at risk)",
            threat_words(card, view, tile),
            pts(danger)
        );
    }
    Review {
        event,
        decision,
        did_words: words(view, &did),
        strong_words: words(view, &strong),
        agree,
        did,
        strong,
        reason,
        difference,
        danger,
    }
}

/// The words on a difference, and whether the two choices are of one kind.
enum Gap {
    Same(String),
    Other(String),
}

/// How much worse `did` is than `strong` in the strong bot's points, and
/// the words on it.
fn difference(
    bot: &mut StrongBot<'_>,
    view: &View<'_>,
    card: &Card,
    did: &Action,
    strong: &Action,
) -> (f64, Gap) {
    let parting =
        |bot: &mut StrongBot<'_>, tiles: &[Tile], defend| bot.parting_cost(view, tiles, defend);
    match (did, strong) {
        (Action::Discard { tile: a }, Action::Discard { tile: b }) => {
            let (ca, cb) = (parting(bot, &[*a], true), parting(bot, &[*b], true));
            (
                (ca - cb).max(0.0),
                Gap::Same(format!("your {a} costs it {} points (its lines' worth lost and the danger), its {b} {}", pts(ca), pts(cb))),
            )
        }
        (Action::Pass { tiles: a, .. }, Action::Pass { tiles: b, .. })
        | (Action::Courtesy { tiles: a }, Action::Courtesy { tiles: b }) => {
            let (ca, cb) = (parting(bot, a, false), parting(bot, b, false));
            (
                (ca - cb).max(0.0),
                Gap::Same(format!("your pass costs its plan {} points, its own {}", pts(ca), pts(cb))),
            )
        }
        (Action::Pass { tiles, .. }, Action::StopCharleston) => {
            let c = parting(bot, tiles, false);
            (
                c,
                Gap::Other(format!("its best line is near enough to stop: your pass costs it {} points", pts(c))),
            )
        }
        (
            Action::Claim {
                call: Call::Exposure,
            },
            Action::Claim {
                call: Call::MahJongg,
            },
        ) => (
            // The seat may still declare after exposing (standard 17B):
            // only another seat's claim could have taken the tile first.
            0.0,
            Gap::Other(
                "the rack made Mah Jongg with it: a claim for Mah Jongg beats a claim for an exposure (R16)".into(),
            ),
        ),
        (Action::StopCharleston, Action::Pass { .. }) => {
            let best = bot.open_lines(view).first().map_or(0, |l| l.tiles_needed);
            (
                0.0,
                Gap::Other(format!(
                    "its best line is {best} tiles away: it would go on passing"
                )),
            )
        }
        (_, Action::MahJongg { .. } | Action::Claim { call: Call::MahJongg }) => {
            match winning(view, card, strong) {
                Some((line, value)) => (
                    f64::from(value),
                    Gap::Other(format!("the rack made Mah Jongg: {line} ({value})")),
                ),
                None => (0.0, Gap::Other(String::new())),
            }
        }
        (Action::MahJongg { .. } | Action::Claim { call: Call::MahJongg }, _) => {
            let worth = bot.worth_now(view);
            (
                worth,
                Gap::Other(format!("the rack was not Mah Jongg: a shown false call kills the hand (R8), {} points at stake", pts(worth))),
            )
        }
        (
            Action::Claim {
                call: Call::Exposure,
            },
            Action::Decline,
        )
        | (
            Action::Decline,
            Action::Claim {
                call: Call::Exposure,
            },
        ) => {
            let Situation::Window { tile, .. } = view.situation() else {
                return (0.0, Gap::Other(String::new()));
            };
            let naturals = view.hand().get(tile).min(2);
            let shown = Exposure {
                tile,
                naturals: naturals + 1,
                jokers: 2 - naturals,
            };
            let (now, then) = (bot.worth_now(view), bot.worth_after_exposing(view, shown, false));
            let claimed = matches!(did, Action::Claim { .. });
            let d = if claimed { now - then } else { then - now };
            (
                d.max(0.0),
                Gap::Other(format!("its plan stands to make {} points now, {} after a pung of {tile}", pts(now), pts(then))),
            )
        }
        (Action::Expose { naturals: na, jokers: ja }, Action::Expose { naturals: nb, jokers: jb }) => {
            let Situation::MyTurn { must_expose: Some(tile), .. } = view.situation() else {
                return (0.0, Gap::Other(String::new()));
            };
            let a = Exposure { tile, naturals: na + 1, jokers: *ja };
            let b = Exposure { tile, naturals: nb + 1, jokers: *jb };
            let (wa, wb) = (bot.worth_after_exposing(view, a, true), bot.worth_after_exposing(view, b, true));
            (
                (wb - wa).max(0.0),
                Gap::Same(format!("its plan stands to make {} points after yours, {} after its own", pts(wa), pts(wb))),
            )
        }
        (Action::ExchangeJoker { owner, exposure }, _) => {
            let (now, then) = (bot.worth_now(view), bot.worth_after_exchange(view, *owner, *exposure));
            (
                (now - then).max(0.0),
                Gap::Other(format!("its plan stands to make {} points, {} after your exchange", pts(now), pts(then))),
            )
        }
        (_, Action::ExchangeJoker { owner, exposure }) => {
            let (now, then) = (bot.worth_now(view), bot.worth_after_exchange(view, *owner, *exposure));
            (
                (then - now).max(0.0),
                Gap::Other(format!("the joker was worth taking: {} points at stake, {} with it", pts(now), pts(then))),
            )
        }
        _ => (0.0, Gap::Other(String::new())),
    }
}

/// Points to one decimal, never "-0.0" (a tile of no use can raise the
/// rack's worth a little: its lines are then measured without it).
fn pts(x: f64) -> String {
    let shown = format!("{x:.1}");
    if shown == "-0.0" { "0.0".into() } else { shown }
}

/// The Mah Jongg the rack makes (with the discard, in a window).
fn winning(view: &View<'_>, card: &Card, strong: &Action) -> Option<(String, u32)> {
    let mut hand = *view.hand();
    if let (Action::Claim { .. }, Situation::Window { tile, .. }) = (strong, view.situation()) {
        hand.add(tile);
    }
    Judge::mahjong(card, &hand, view.exposures(view.seat())).map(|w| (w.line, w.value))
}

/// "keeps open LINE (2 to go: 5C F, 7 live)", the lines joined.
fn lines_words(lines: &[OpenLine]) -> String {
    if lines.is_empty() {
        return "no line of the card is still open".into();
    }
    let each: Vec<String> = lines
        .iter()
        .map(|l| {
            if l.needed.is_empty() {
                return format!("{} (complete)", l.name);
            }
            let mut s = format!(
                "{} ({} to go: {}, {} live",
                l.name,
                l.tiles_needed,
                format_tiles(&l.needed),
                l.live
            );
            if !l.gone.is_empty() {
                let _ = write!(s, "; every {} seen", format_tiles(&l.gone));
            }
            s.push(')');
            s
        })
        .collect();
    format!("strong keeps open {}", each.join(", "))
}

/// The opponents whose exposures fit lines that need `tile`, judged from
/// what this seat sees (its own rack, the floor, the exposures).
fn threat_words(card: &Card, view: &View<'_>, tile: Tile) -> String {
    let me = view.seat();
    let mut named = Vec::new();
    for o in Seat::ALL {
        let shown = view.exposures(o);
        if o == me || !view.live(o) || shown.is_empty() {
            continue;
        }
        let mut out: Counts = *view.hand();
        for (_, t) in view.floor() {
            out.add(*t);
        }
        for s in Seat::ALL.into_iter().filter(|s| *s != o) {
            for e in view.exposures(s) {
                out.0[e.tile.index()] += e.naturals;
            }
        }
        let racks: Vec<Vec<Tile>> = shown.iter().map(Exposure::tiles).collect();
        let lines = card.nearest_live(&[], &racks, Some(&out), OPPONENT_LINES);
        if lines.iter().any(|l| l.needed.contains(&tile)) {
            let groups: Vec<String> = shown.iter().map(|e| format_tiles(&e.tiles())).collect();
            named.push(format!("{o} shows {}", groups.join(" and ")));
        }
    }
    if named.is_empty() {
        "opponents' exposures show them near a line".into()
    } else {
        format!("{}, lines that need it", named.join("; "))
    }
}

/// An action in words, as the seat would say it.
pub(super) fn words(view: &View<'_>, action: &Action) -> String {
    let window_tile = match view.situation() {
        Situation::Window { tile, .. } => Some(tile),
        _ => None,
    };
    let the = |t: Option<Tile>| t.map_or("the discard".to_string(), |t| format!("the {t}"));
    match action {
        Action::Pass { tiles, blind } => {
            let mut s = format!("pass {}", format_tiles(tiles));
            if *blind > 0 {
                let _ = write!(s, " and {blind} blind");
            }
            s
        }
        Action::Courtesy { tiles } if tiles.is_empty() => "offer nothing across".into(),
        Action::Courtesy { tiles } => format!("offer {} across", format_tiles(tiles)),
        Action::StopCharleston => "stop the Charleston".into(),
        Action::Discard { tile } => format!("discard {tile}"),
        Action::Claim { call } => format!("claim {} {}", the(window_tile), call_words(*call)),
        Action::Decline => format!("let {} go", the(window_tile)),
        Action::Expose { naturals, jokers } => {
            let tile = match view.situation() {
                Situation::MyTurn {
                    must_expose: Some(t),
                    ..
                } => Some(t),
                _ => None,
            };
            match tile {
                Some(t) => format!(
                    "expose {}",
                    format_tiles(
                        &Exposure {
                            tile: t,
                            naturals: naturals + 1,
                            jokers: *jokers
                        }
                        .tiles()
                    )
                ),
                None => format!("expose {} more and {jokers} jokers", naturals),
            }
        }
        Action::ExchangeJoker { owner, exposure } => {
            let tile = view
                .exposures(*owner)
                .get(usize::from(*exposure))
                .map_or("a tile".to_string(), |e| format!("a {}", e.tile));
            format!(
                "give {tile} for the joker in {owner}'s exposure {}",
                u16::from(*exposure) + 1
            )
        }
        Action::MahJongg { .. } => "declare Mah Jongg".into(),
        Action::DeclareDead { target } => format!("declare {target}'s hand dead"),
        Action::Pick => "pick".into(),
        Action::Withdraw => "withdraw the claim".into(),
        Action::Correct { .. } => "correct the exposure".into(),
        Action::ThrowIn => "say the hand was exposed too".into(),
        Action::KeepHand => "keep the hand".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Table};

    #[test]
    fn points_are_shown_to_one_decimal_and_never_as_minus_zero() {
        assert_eq!(pts(-0.01), "0.0");
        assert_eq!(pts(2.345), "2.3");
        assert_eq!(pts(-1.25), "-1.2");
    }

    #[test]
    fn open_lines_are_named_with_what_they_need_and_how_live_it_is() {
        let line = |needed: Vec<Tile>, gone: Vec<Tile>| OpenLine {
            name: "Quints #2".into(),
            tiles_needed: needed.len() as u8,
            needed,
            live: 3,
            gone,
        };
        let f = Tile::FLOWER;
        assert_eq!(
            lines_words(&[line(vec![f, f], vec![])]),
            "strong keeps open Quints #2 (2 to go: Fx2, 3 live)"
        );
        assert_eq!(
            lines_words(&[line(vec![], vec![]), line(vec![f], vec![f])]),
            "strong keeps open Quints #2 (complete), Quints #2 (1 to go: F, 3 live; every F seen)"
        );
        assert_eq!(lines_words(&[]), "no line of the card is still open");
    }

    #[test]
    fn actions_are_told_as_the_seat_would_say_them() {
        let card = Card::practice();
        let g = Game::new(Table::standard(), 2, &card).unwrap();
        let view = g.view(Seat::East);
        let f = Tile::FLOWER;
        let pass = Action::Pass {
            tiles: vec![f, f],
            blind: 1,
        };
        assert_eq!(words(&view, &pass), "pass Fx2 and 1 blind");
        assert_eq!(
            words(&view, &Action::Courtesy { tiles: vec![] }),
            "offer nothing across"
        );
        assert_eq!(words(&view, &Action::Discard { tile: f }), "discard F");
        assert_eq!(
            words(
                &view,
                &Action::DeclareDead {
                    target: Seat::North
                }
            ),
            "declare north's hand dead"
        );
    }
}
