//! The practice card compiles to exactly the concrete hands it did before
//! the format grew number variables, `suits=` and line names (issue 11):
//! `tests/data/practice.hands` was written by the compiler of that time,
//! one concrete hand a line (`line id`, tab, its groups sorted).

use jongg_card::Card;

const BEFORE: &str = include_str!("data/practice.hands");

fn dump(card: &Card) -> String {
    let mut out = String::new();
    for line in card.lines() {
        let mut hands: Vec<String> = card
            .variants_of(line.id)
            .iter()
            .map(|v| {
                let mut g = v.groups.clone();
                g.sort();
                g.iter()
                    .map(|g| format!("{}x{}", g.tile, g.size))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        hands.sort();
        for h in hands {
            out.push_str(&format!("{}\t{h}\n", line.id));
        }
    }
    out
}

#[test]
fn the_practice_card_compiles_to_the_same_hands_as_before() {
    let now = dump(&Card::practice());
    assert_eq!(now.lines().count(), 758);
    for (i, (a, b)) in BEFORE.lines().zip(now.lines()).enumerate() {
        assert_eq!(a, b, "concrete hand {} differs", i + 1);
    }
    assert_eq!(now, BEFORE);
}

#[test]
fn the_practice_card_reads_back_from_its_own_printing() {
    // Every line written back by `Line::to_text` reads as the same line.
    let card = Card::practice();
    let mut text = String::new();
    let mut section = "";
    for l in card.lines() {
        if l.section != section {
            section = &l.section;
            text.push_str(&format!("[{section}]\n"));
        }
        text.push_str(&l.to_text());
        text.push('\n');
    }
    let again = Card::parse(&text).expect("the printed card parses");
    assert_eq!(dump(&again), dump(&card));
    for (a, b) in card.lines().iter().zip(again.lines()) {
        assert_eq!(
            (&a.name, &a.alternatives, &a.options),
            (&b.name, &b.alternatives, &b.options)
        );
    }
}
