//! Card matcher speed (issue 3, item 7), on one core against the practice card:
//! - full Mah Jongg checks on random 14-tile racks drawn from the 152 tiles;
//! - full checks on winning racks with jokers and exposures (the whole
//!   assignment is built);
//! - nearest hands (top 5) on random 13-tile racks;
//! - nearest hands on a card of 1,002 concrete hands (a yearly card's size:
//!   the practice card and lines of our own, [`yearly_card`]), the block
//!   search (`nearest_live`) and the search variant by variant it replaced
//!   for racks without exposures (`nearest_by_variant`), on the same racks;
//! - parsing: the practice and feature cards, and refusing a hostile card.
//!
//! Run: `cargo bench -p jongg-card --bench matcher`. Each iteration checks a
//! batch of racks; divan reports items per second.

use divan::{Bencher, black_box, counter::ItemsCount};
use jongg_card::Card;
use jongg_tiles::{Counts, Tile, full_set};

const BATCH: usize = 1024;

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// `n` tiles drawn without replacement from the 152.
fn draw(rng: &mut Rng, n: usize) -> Vec<Tile> {
    let mut wall = full_set();
    for i in 0..n {
        let j = i + rng.below(wall.len() - i);
        wall.swap(i, j);
    }
    wall.truncate(n);
    wall
}

type Rack = (Vec<Tile>, Vec<Vec<Tile>>);

/// Winning racks: a random concrete hand of a random line, with about a
/// third of the pung-or-larger tiles jokers (all past the set's copies), and
/// (on X lines) about half the pung-or-larger groups exposed. Racks no set
/// holds (more than eight jokers) are drawn again.
fn winning_racks(card: &Card, rng: &mut Rng) -> Vec<Rack> {
    let mut out = Vec::new();
    while out.len() < BATCH {
        let line = &card.lines()[rng.below(card.lines().len())];
        let variants = card.variants_of(line.id);
        let v = &variants[rng.below(variants.len())];
        let (mut concealed, mut exposures) = (Vec::new(), Vec::new());
        let mut used = [0u8; 36];
        for g in &v.groups {
            let tiles: Vec<Tile> = (0..g.size)
                .map(|i| {
                    let spent = used[g.tile.index()] >= g.tile.copies_in_set();
                    if g.size >= 3 && i > 0 && (spent || rng.below(3) == 0) {
                        Tile::JOKER
                    } else {
                        used[g.tile.index()] += 1;
                        g.tile
                    }
                })
                .collect();
            if g.size >= 3 && !line.concealed_only && rng.below(2) == 0 {
                exposures.push(tiles);
            } else {
                concealed.extend(tiles);
            }
        }
        if jongg_card::check_rack(&concealed, &exposures).is_err() {
            continue;
        }
        assert!(card.is_mahjong(&concealed, &exposures));
        out.push((concealed, exposures));
    }
    out
}

/// Lines of our own added to the practice card for a card of a yearly
/// card's size (none from the NMJL's card).
const MORE_LINES: &str = "
[Bench Consecutive Run]
11a 222a 3333a 444a 55a          : 25 X  shift=0,1,2,3,4
1111a 22b 33b 4444c FF           : 30 X  shift=0,1,2,3,4,5
123a 44b 555b 6666c 77a          : 35 C  shift=0,1,2
FFF 1234a 5555b 666c             : 30 X  shift=0,1,2,3
[Bench Odds]
111a 333a 5555b 77b 99c          : 25 X
11a 33b 555c 7777a 999b          : 30 X
[Bench Climbing]
11a 222a 33b 444b 4444c          : 30 X  shift=0,1,2,3,4,5
1111a 2222b 33c 44c FF           : 25 X  shift=0,1,2,3,4,5
FFF 11a 22b 333c 4444c           : 30 X  shift=0,1,2,3,4,5
FFFF 123a 4444b 333c             : 35 X  shift=0,1,2,3
EEE 11a 222b 3333c FF            : 30 X
NNNN EEE WWW SSSS                : 40 C
";

/// A card of 1,002 concrete hands: the practice card (758) and
/// [`MORE_LINES`].
fn yearly_card() -> Card {
    let card = Card::parse(&format!("{}{MORE_LINES}", jongg_card::PRACTICE_CARD))
        .expect("the bench card parses");
    assert_eq!(card.variant_count(), 1002, "the bench card's size");
    card
}

/// A 13-tile rack and the tiles out of play as a bot sees them mid-game:
/// 30 more from the same 152.
fn rack_mid_game(rng: &mut Rng) -> (Vec<Tile>, Counts) {
    let mut tiles = draw(rng, 43);
    let out = Counts::from_tiles(&tiles.split_off(13));
    (tiles, out)
}

fn main() {
    let card = Card::practice();
    eprintln!(
        "practice card: {} lines, {} concrete hands",
        card.lines().len(),
        card.variant_count()
    );
    let card = yearly_card();
    eprintln!(
        "bench yearly card: {} lines, {} concrete hands",
        card.lines().len(),
        card.variant_count()
    );
    divan::main();
}

#[divan::bench]
fn mahjong_random_racks(b: Bencher) {
    let card = Card::practice();
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let racks: Vec<Vec<Tile>> = (0..BATCH).map(|_| draw(&mut rng, 14)).collect();
    b.counter(ItemsCount::new(BATCH)).bench_local(|| {
        for r in &racks {
            let _ = black_box(card.mahjong(black_box(r), &[]));
        }
    });
}

#[divan::bench]
fn mahjong_winning_racks(b: Bencher) {
    let card = Card::practice();
    let mut rng = Rng(0x0fed_cba9_8765_4321);
    let racks = winning_racks(&card, &mut rng);
    b.counter(ItemsCount::new(BATCH)).bench_local(|| {
        for (c, e) in &racks {
            let _ = black_box(card.mahjong(black_box(c), black_box(e)));
        }
    });
}

#[divan::bench]
fn nearest_top5_random_racks(b: Bencher) {
    let card = Card::practice();
    let mut rng = Rng(0x5555_aaaa_1234_4321);
    let racks: Vec<Vec<Tile>> = (0..BATCH).map(|_| draw(&mut rng, 13)).collect();
    b.counter(ItemsCount::new(BATCH)).bench_local(|| {
        for r in &racks {
            black_box(card.nearest(black_box(r), &[], 5));
        }
    });
}

/// Nearest hands on the 1,002-hand card, the block search against the
/// search before it, on the same 1024 random 13-tile racks: the top 5
/// lines, and (`live`) the top 12 with 30 more tiles out of play, as the
/// bots ask.
#[divan::bench]
fn near_1002_top5(b: Bencher) {
    nearest_on_yearly_card(b, 5, false, Card::nearest_live);
}

#[divan::bench]
fn near_1002_top5_before(b: Bencher) {
    nearest_on_yearly_card(b, 5, false, Card::nearest_by_variant);
}

#[divan::bench]
fn near_1002_live12(b: Bencher) {
    nearest_on_yearly_card(b, 12, true, Card::nearest_live);
}

#[divan::bench]
fn near_1002_live12_before(b: Bencher) {
    nearest_on_yearly_card(b, 12, true, Card::nearest_by_variant);
}

type Search = fn(&Card, &[Tile], &[Vec<Tile>], Option<&Counts>, usize) -> Vec<jongg_card::NearHand>;

fn nearest_on_yearly_card(b: Bencher, top: usize, live: bool, search: Search) {
    let card = yearly_card();
    let mut rng = Rng(0x7777_3333_aaaa_0101);
    let racks: Vec<(Vec<Tile>, Counts)> = (0..BATCH).map(|_| rack_mid_game(&mut rng)).collect();
    b.counter(ItemsCount::new(BATCH)).bench_local(|| {
        for (r, out) in &racks {
            let out = live.then_some(out);
            black_box(search(&card, black_box(r), &[], out, top));
        }
    });
}

#[divan::bench]
fn parse_and_compile_practice_card() -> Card {
    Card::parse(black_box(jongg_card::PRACTICE_CARD)).expect("parses")
}

/// Issue 11: a 330 KB card of 10,000 legal lines, each of 5,184 concrete
/// hands, is refused (counted, never expanded).
#[divan::bench]
fn refuse_a_hostile_card(b: Bencher) {
    let mut text = String::from("[Many]\n");
    for i in 0..10_000 {
        text.push_str(&format!("na mb FFFF wwww dddd : 25 X \"{i}\"\n"));
    }
    b.bench_local(|| {
        assert!(Card::parse(black_box(&text)).is_err());
    });
}

#[divan::bench]
fn parse_and_compile_feature_card() -> Card {
    Card::parse(black_box(include_str!("../../../cards/features.card"))).expect("parses")
}
