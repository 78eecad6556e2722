//! A [`Position`] as a game: racks filled up, the wall laid, the step set.

use super::{CardName, Position, Start};
use crate::game::Game;
use crate::judge::{Exposure, Judge, ToyJudge};
use crate::state::{Began, Charleston, Phase, State, Step, Turn};
use crate::table::Table;
use jongg_card::Card;
use jongg_tiles::{BySeat, Counts, Seat, Tile, full_set};

/// The card a position names, owned so that a game can borrow it.
#[derive(Debug)]
pub enum Judges {
    Toy(ToyJudge),
    Practice(Box<Card>),
}

impl Judges {
    pub fn new(card: CardName) -> Judges {
        match card {
            CardName::Toy => Judges::Toy(ToyJudge),
            CardName::Practice => Judges::Practice(Box::new(Card::practice())),
        }
    }

    pub fn judge(&self) -> &dyn Judge {
        match self {
            Judges::Toy(j) => j,
            Judges::Practice(c) => c.as_ref(),
        }
    }
}

/// The table of the position's preset.
pub fn table(p: &Position) -> Result<Table, String> {
    let preset = jongg_rules::Preset::builtin(&p.rules)
        .ok_or_else(|| format!("`{}` is not a rules preset", p.rules))?;
    let mut table = Table::from_preset(&preset, p.dealer);
    if let Some(e) = p.empty {
        table = table.without(e);
    }
    table.check()?;
    Ok(table)
}

/// The game at the position. Racks shorter than their size are filled up
/// with tiles nobody named, flowers first, then dragons, winds and suits
/// from 9 down (never a joker); the wall starts with its named front and
/// goes on with the rest of the set in the order of the kinds.
pub fn setup<'j>(p: &Position, judge: &'j dyn Judge) -> Result<Game<'j>, String> {
    let table = table(p)?;
    let mut left = Counts::from_tiles(&full_set());
    let exposed = |s: Seat| p.exposed[s].iter().flat_map(Exposure::tiles);
    let named = Seat::ALL
        .iter()
        .flat_map(|s| p.racks[*s].iter().copied().chain(exposed(*s)))
        .chain(p.discards.iter().map(|(_, t)| *t))
        .chain(p.wall.iter().copied());
    for t in named {
        if !left.remove(t) {
            return Err(format!("more {t} are named than the set holds"));
        }
    }
    let mut order: Vec<Tile> = Tile::all_kinds().filter(|t| !t.is_joker()).collect();
    order.reverse();
    let mut hands: BySeat<Counts> = BySeat::default();
    for s in Seat::ALL {
        if !table.present[s] {
            continue;
        }
        let held = p.racks[s].len() + exposed(s).count();
        let want = p.rack_size(s);
        if held > want {
            return Err(format!("{s} holds {held} tiles; here it holds {want}"));
        }
        let mut rack = p.racks[s].clone();
        for t in &order {
            while rack.len() + exposed(s).count() < want && left.remove(*t) {
                rack.push(*t);
            }
        }
        if rack.len() + exposed(s).count() < want {
            return Err(format!("no tiles are left to fill {s}'s rack"));
        }
        hands[s] = Counts::from_tiles(&rack);
    }
    let mut wall = p.wall.clone();
    wall.extend(left.to_tiles());
    // Tiles picked before the position: laid before the wall's front.
    let drawn = match p.wall_left {
        Some(k) if k > wall.len() || k < p.wall.len() => {
            return Err(format!(
                "wall-left {k}: the wall holds at most {}",
                wall.len()
            ));
        }
        Some(k) => {
            let gone = wall.split_off(k);
            let n = gone.len();
            wall = gone.into_iter().chain(wall).collect();
            n
        }
        None => 0,
    };
    let turn = |seat: Seat, began: Began| {
        Phase::Play(Step::Turn(Turn {
            seat,
            began,
            must_expose: None,
            made: None,
            exchanged_other: false,
            claimed_from: None,
        }))
    };
    let fresh = p.discards.is_empty() && Seat::ALL.iter().all(|s| p.exposed[*s].is_empty());
    let phase = match p.start {
        None => turn(p.dealer, Began::Dealt),
        Some(Start::Turn(s)) if s == p.dealer && fresh => turn(s, Began::Dealt),
        Some(Start::Turn(s)) => turn(s, Began::Picked),
        Some(Start::Pick(s)) => Phase::Play(Step::Pick(s)),
        Some(Start::Charleston(pass)) => Phase::Charleston(Charleston {
            pass,
            chosen: BySeat::default(),
        }),
    };
    let played = !matches!(phase, Phase::Charleston(_));
    let state = State {
        seed: 0,
        table,
        dice: [0, 0],
        wall,
        drawn,
        hands,
        exposures: p.exposed.clone(),
        floor: p.discards.clone(),
        open: None,
        dead: BySeat::default(),
        penalties: Vec::new(),
        phase,
        turns: if played {
            1 + p.discards.len() as u32
        } else {
            0
        },
        discards: p.discards.len() as u32,
        outcome: None,
    };
    Ok(Game::resume(state, judge))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::parse;

    #[test]
    fn a_position_holds_the_whole_set_and_fills_racks_without_jokers() {
        let s = parse("turn S\nrack S J 1B\nexposed N 6D 6D J\ndiscards E 2C 3C\nwall-left 20")
            .unwrap();
        let g = setup(&s.position, &ToyJudge).unwrap();
        let st = g.state();
        // The tiles picked before the position are off the table.
        assert_eq!(st.census().total() + st.drawn, 152);
        assert_eq!(st.wall_left(), 20);
        assert_eq!(st.rack_len(Seat::South), 14);
        assert_eq!(st.rack_len(Seat::North), 13);
        assert_eq!(st.hands[Seat::East].get(Tile::JOKER), 0);
        assert_eq!(st.floor.len(), 2);
    }
}
