//! A ruling's points are what scoring gives: for every preset and incident
//! with a scoring effect, the effect written on a game record scores exactly
//! the ruling's points (one source of truth, issue 14).

use jongg_rules::floor::Party;
use jongg_rules::record::{DeadReason, GameResult, Penalty, PenaltyKind};
use jongg_rules::{GameRecord, PRESET_NAMES, Preset, Ruling, score};
use jongg_tiles::Seat::{self, *};

fn preset(name: &str) -> Preset {
    Preset::builtin(name).unwrap_or_else(|| panic!("{name} reads"))
}

fn wall_with(f: impl FnOnce(&mut GameRecord)) -> GameRecord {
    let mut r = GameRecord::new(GameResult::Wall);
    f(&mut r);
    r
}

/// For every preset and incident with a scoring effect, the effect written
/// on a record (the subject at East) scores exactly the ruling's points.
#[test]
fn ruling_points_agree_with_scoring_under_every_preset() {
    for name in PRESET_NAMES {
        let p = preset(name);
        for r in p.rulings().into_iter().filter(Ruling::is_scoring_matter) {
            let at = format!("{name} {}", r.incident);
            let award = |to: Party, when: Option<&str>| {
                r.penalty
                    .iter()
                    .filter(|a| a.to == to)
                    .find(|a| {
                        when.is_none_or(|w| a.when.as_deref().is_some_and(|x| x.starts_with(w)))
                    })
                    .unwrap_or_else(|| panic!("{at}: no {to:?} award"))
                    .clone()
            };
            let subject_sum: i32 = r
                .penalty
                .iter()
                .filter(|a| a.to == Party::Subject)
                .map(|a| a.points)
                .sum();
            let e = &r.effect;
            let wall = p.scoring.wall_game.points;
            if e.misnamed_discard {
                let mut rec = GameRecord::new(GameResult::Mahjong);
                rec.winner = Some(South);
                rec.value = 30;
                rec.discarder = Some(East);
                rec.exposures = 2;
                rec.misnamed = true;
                let s = score(&p, &rec).unwrap();
                let throw = if p.misnamed_discard.replaces_throw {
                    0
                } else {
                    p.throw.exposures_2.points
                };
                assert_eq!(s.points[East], subject_sum + throw, "{at}");
                assert_eq!(s.points[South], 30, "{at}");
                continue;
            }
            match e.ends_game {
                Some(GameResult::Timeout) => {
                    let s = score(&p, &GameRecord::new(GameResult::Timeout)).unwrap();
                    let every = award(Party::EveryPlayer, None).points;
                    assert!(Seat::ALL.iter().all(|&x| s.points[x] == every), "{at}");
                }
                Some(GameResult::MisnamedMahjongClaim) => {
                    let mut rec = GameRecord::new(GameResult::MisnamedMahjongClaim);
                    rec.discarder = Some(East);
                    rec.declarer = Some(South);
                    let s = score(&p, &rec).unwrap();
                    assert_eq!(s.points[East], subject_sum, "{at}");
                    let others = award(Party::EachOtherPlayer, None).points;
                    assert!(
                        [South, West, North].iter().all(|&x| s.points[x] == others),
                        "{at}"
                    );
                }
                Some(GameResult::MahjongInError) => {
                    // All three others exposed (East among them), North declared.
                    let mut rec = GameRecord::new(GameResult::MahjongInError);
                    rec.declarer = Some(North);
                    rec.value = 30;
                    rec.exposed = vec![East, South, West];
                    let s = score(&p, &rec).unwrap();
                    assert_eq!(s.points[North], award(Party::Declarer, None).points, "{at}");
                    assert_eq!(
                        s.points[East],
                        award(Party::Subject, Some("all three")).points,
                        "{at}"
                    );
                    // One hand intact (West).
                    rec.exposed = vec![East, South];
                    let s = score(&p, &rec).unwrap();
                    let i = award(Party::IntactPlayer, None);
                    assert_eq!(
                        s.points[West],
                        i.points + 30 * i.claimed_value_times as i32,
                        "{at}"
                    );
                    assert_eq!(
                        s.points[East],
                        award(Party::Subject, Some("exactly one")).points,
                        "{at}"
                    );
                    // Two or more intact: the game goes on, the exposer dead.
                    let rec = wall_with(|r| {
                        r.dead.insert(East, DeadReason::MahjongInError);
                    });
                    let s = score(&p, &rec).unwrap();
                    assert_eq!(
                        s.points[East],
                        award(Party::Subject, Some("two or more")).points,
                        "{at}"
                    );
                }
                Some(other) => panic!("{at}: ends with {other:?}"),
                None => {
                    let mut rec = GameRecord::new(GameResult::Wall);
                    if let Some(d) = e.dead {
                        rec.dead.insert(East, d);
                    }
                    if let Some(kind) = e.penalty {
                        rec.penalties.push(Penalty { seat: East, kind });
                    }
                    let s = score(&p, &rec).unwrap();
                    let live_wall = if r.hand_dead { 0 } else { wall };
                    assert_eq!(
                        s.points[East],
                        live_wall + subject_sum,
                        "{at}: {:#?}",
                        s.lines
                    );
                    assert_eq!(
                        r.hand_dead,
                        e.dead.is_some() || kind_kills(&p, e.penalty),
                        "{at}"
                    );
                }
            }
        }
    }
}

fn kind_kills(p: &Preset, kind: Option<PenaltyKind>) -> bool {
    kind == Some(PenaltyKind::FalseDeadCall) && p.false_dead_call.makes_dead
}
