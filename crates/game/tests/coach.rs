//! The coach (issue 24.6): it reads only what the reviewed seat could see,
//! it agrees with the strong bot's own play, and it names the danger of a
//! tile thrown to an opponent whose exposures show them near a line.

use jongg_card::Card;
use jongg_game::bot::Strength;
use jongg_game::coach::{Decision, Review, review};
use jongg_game::{Action, Call, Event, Game, State, Table, sim};
use jongg_tiles::{BySeat, Counts, Seat, Tile, full_set, parse_tiles};

fn strong_game(card: &Card, seed: u64) -> Vec<Event> {
    let mut bots: [Box<dyn jongg_game::bot::Bot + '_>; 4] = std::array::from_fn(|i| {
        Strength::Strong.make(card, seed * 4 + i as u64) as Box<dyn jongg_game::bot::Bot>
    });
    let game = sim::play_one(Table::standard(), seed, card, &mut bots).expect("a legal game");
    game.events().to_vec()
}

/// The concealed tiles of every seat after each event, read through the
/// seats' own views (a test may look at every rack).
fn hands_through(events: &[Event], card: &Card) -> Vec<BySeat<Counts>> {
    let mut st = State::default();
    let mut out = Vec::new();
    for e in events {
        st.apply(e);
        let g = Game::resume(st.clone(), card);
        out.push(BySeat::from_fn(|s| *g.view(s).hand()));
    }
    out
}

/// The same game with tiles `seat` never sees moved: a copy of a kind that
/// another seat held from the deal to the end is swapped with a tile of
/// the wall never picked, or with such a copy of a third seat's. The
/// seat's own tiles, every public event and every rack's size are
/// unchanged. Returns the events and how many tiles moved.
fn with_hidden_tiles_moved(events: &[Event], seat: Seat, card: &Card) -> (Vec<Event>, usize) {
    let mut events = events.to_vec();
    let dealt_at = events
        .iter()
        .position(|e| matches!(e, Event::Dealt { .. }))
        .expect("a dealt game");
    let hands = hands_through(&events, card);
    // Copies of each kind every other seat held throughout.
    let mut kept: BySeat<Counts> = BySeat::from_fn(|_| Counts::default());
    for s in Seat::ALL.into_iter().filter(|s| *s != seat) {
        for t in Tile::all_kinds() {
            let least = hands[dealt_at..].iter().map(|h| h[s].get(t)).min();
            kept[s].0[t.index()] = least.unwrap_or(0);
        }
    }
    let wall_left = State::fold(&events).wall_left();
    let (head, rest) = events.split_at_mut(dealt_at);
    let Event::Began {
        wall: Some(wall), ..
    } = &mut head[0]
    else {
        panic!("a game with its wall");
    };
    let never_picked = wall.len() - wall_left;
    let Event::Dealt { hands: dealt } = &mut rest[0] else {
        unreachable!()
    };
    let mut moved = 0;
    let swap_in = |hand: &mut Vec<Tile>, from: Tile, to: Tile| {
        let i = hand.iter().position(|t| *t == from).expect("a kept copy");
        hand[i] = to;
    };
    let others: Vec<Seat> = Seat::ALL.into_iter().filter(|s| *s != seat).collect();
    for (n, &a) in others.iter().enumerate() {
        for t in Tile::all_kinds() {
            for _ in 0..kept[a].get(t) {
                // With the wall's unpicked tiles first, else a third seat's kept copy.
                if let Some(p) = (never_picked..wall.len()).find(|&p| wall[p] != t) {
                    let y = wall[p];
                    wall[p] = t;
                    swap_in(dealt[a].as_mut().unwrap(), t, y);
                    moved += 1;
                } else if let Some((b, y)) = others[n + 1..].iter().find_map(|&b| {
                    Tile::all_kinds()
                        .find(|y| *y != t && kept[b].get(*y) > 0)
                        .map(|y| (b, y))
                }) {
                    kept[b].remove(y);
                    swap_in(dealt[a].as_mut().unwrap(), t, y);
                    swap_in(dealt[b].as_mut().unwrap(), y, t);
                    moved += 1;
                }
            }
        }
    }
    (events, moved)
}

#[test]
fn the_coach_reads_nothing_the_seat_cannot_see() {
    // Issue 24.6: the strong bot is asked with the seat's view only. Tiles
    // the seat never sees, moved between the other racks and the wall,
    // change nothing in its review.
    let card = Card::practice();
    for seed in [3, 11] {
        let events = strong_game(&card, seed);
        for seat in [Seat::East, Seat::West] {
            let (moved_events, moved) = with_hidden_tiles_moved(&events, seat, &card);
            assert!(moved >= 5, "seed {seed}: only {moved} tiles moved");
            assert_ne!(moved_events, events);
            let before = review(&events, seat, &card).unwrap();
            let after = review(&moved_events, seat, &card).unwrap();
            assert!(!before.is_empty());
            assert_eq!(before, after, "seed {seed}, {seat}");
        }
    }
}

#[test]
fn a_strong_bots_own_game_is_agreed_with_nearly_everywhere() {
    // The coach's bot judges the strong bot's own play: they may break a
    // tie differently, but a choice as good by its measure is agreement.
    let card = Card::practice();
    let (mut agreed, mut all) = (0, 0);
    for seed in 0..4 {
        let events = strong_game(&card, seed);
        for seat in Seat::ALL {
            let reviews = review(&events, seat, &card).unwrap();
            all += reviews.len();
            agreed += reviews.iter().filter(|r| r.agree).count();
            for r in reviews.iter().filter(|r| !r.agree) {
                println!(
                    "game {seed}, {seat}, event {}: {} / strong {}: {}",
                    r.event, r.did_words, r.strong_words, r.reason
                );
            }
        }
    }
    let share = agreed as f64 / all as f64;
    println!(
        "agreed at {agreed} of {all} decisions ({:.1}%)",
        share * 100.0
    );
    assert!(all > 100, "{all}");
    assert!(share >= 0.97, "agreed at {agreed} of {all}");
}

fn tiles(s: &str) -> Vec<Tile> {
    parse_tiles(s).unwrap()
}

/// A table after the Charleston: the named tiles first, each rack filled
/// (dealer 14, others 13) from tiles no one named, 1s and White Dragons
/// last; the wall is the rest.
fn table(hands: [&str; 4]) -> (BySeat<Vec<Tile>>, Vec<Tile>) {
    let mut left = Counts::from_tiles(&full_set());
    let named: Vec<Vec<Tile>> = hands.iter().map(|h| tiles(h)).collect();
    for t in named.iter().flatten() {
        assert!(left.remove(*t), "too many {t}");
    }
    let late = |t: &Tile| t.to_string().starts_with('1') || t.to_string() == "WD";
    let mut pool: Vec<Tile> = left
        .to_tiles()
        .into_iter()
        .filter(|t| !late(t) && !t.is_joker())
        .collect();
    pool.extend(
        left.to_tiles()
            .into_iter()
            .filter(|t| late(t) || t.is_joker()),
    );
    let mut at = 0;
    let racks = BySeat::from_fn(|s| {
        let mut h = named[s.index()].clone();
        let want = if s == Seat::East { 14 } else { 13 };
        while h.len() < want {
            h.push(pool[at]);
            at += 1;
        }
        h
    });
    (racks, pool[at..].to_vec())
}

#[test]
fn a_tile_thrown_to_three_exposures_that_need_it_is_named_dangerous() {
    // North exposes pungs of 1 Bam, 1 Crak and 1 Dot: the practice card's
    // `111a 111b 111c 000 FF` then wants White Dragons. East throwing one
    // is named with its danger; the 1B thrown before any exposure is not.
    let card = Card::practice();
    let (racks, wall) = table(["1B 1C 1D WD", "", "", "1Bx2 1Cx2 1Dx2 9C 9B 9D"]);
    let mut g = Game::from_position(Table::standard(), racks, wall, &card).unwrap();
    let mut act = |seat: Seat, a: Action| {
        g.act(seat, &a).unwrap_or_else(|r| panic!("{r}"));
    };
    for (throw, north_throws) in [("1B", "9C"), ("1C", "9B"), ("1D", "9D")] {
        act(
            Seat::East,
            Action::Discard {
                tile: tiles(throw)[0],
            },
        );
        act(Seat::South, Action::Decline);
        act(Seat::West, Action::Decline);
        act(
            Seat::North,
            Action::Claim {
                call: Call::Exposure,
            },
        );
        act(
            Seat::North,
            Action::Expose {
                naturals: 2,
                jokers: 0,
            },
        );
        act(
            Seat::North,
            Action::Discard {
                tile: tiles(north_throws)[0],
            },
        );
        for s in [Seat::East, Seat::South, Seat::West] {
            act(s, Action::Decline);
        }
        act(Seat::East, Action::Pick);
    }
    act(
        Seat::East,
        Action::Discard {
            tile: tiles("WD")[0],
        },
    );
    let reviews: Vec<Review> = review(g.events(), Seat::East, &card)
        .unwrap()
        .into_iter()
        .filter(|r| r.decision == Decision::Turn)
        .collect();
    assert_eq!(reviews.len(), 4, "{reviews:#?}");
    assert_eq!(reviews[0].danger, 0.0);
    let last = &reviews[3];
    assert_eq!(
        last.did,
        Action::Discard {
            tile: tiles("WD")[0]
        }
    );
    assert!(last.danger >= 0.5, "{last:#?}");
    assert!(
        last.reason
            .contains("the WD you threw is dangerous: north shows 1Bx3 and 1Cx3 and 1Dx3"),
        "{}",
        last.reason
    );
    assert_ne!(last.strong, last.did, "{last:#?}");
    assert!(!last.agree && last.difference > 0.0, "{last:#?}");
}
