//! The fair wall of a live table (issue 23.8): the server commits to a
//! secret seed before the deal, each seat may add its own bytes, and the
//! wall follows from all of them; after the game the seed is revealed and
//! anyone can check that the wall followed from it ([`verify`]).
//!
//! This is a second random generator beside `jongg_rules::rng` (SplitMix64,
//! "the one generator"), on purpose: SplitMix64 replays a simulation from a
//! short seed but is not cryptographic, so a player who saw a few tiles could
//! work out the rest of the wall. The fair wall must be unpredictable to the
//! players and provable to them afterwards, so it uses ChaCha20.
//!
//! The algorithm, pinned by a known-answer test:
//! 1. commitment = SHA-256(`COMMITMENT_TAG` ‖ seed), the seed being 32 bytes;
//! 2. key = SHA-256(`KEY_TAG` ‖ seed ‖ for each seat East, South, West,
//!    North: one byte of length ‖ that seat's contribution, 0-32 bytes);
//! 3. the ChaCha20 keystream (20 rounds, key = the key, nonce 0, block
//!    counter from 0), read as little-endian 32-bit words;
//! 4. the 152 tiles of the set in jongg's kind order (`jongg_tiles::full_set`)
//!    shuffled by Fisher-Yates from the last position down: position `i`
//!    swaps with `j` uniform in `0..=i`, drawn as a word `x` kept only when
//!    below the largest multiple of `i + 1` that fits in 32 bits (rejection
//!    sampling: no modulo bias), `j = x mod (i + 1)`;
//! 5. the shuffled tiles are the wall in picking order. No dice: on a real
//!    table they only choose where a wall already shuffled is broken.

use jongg_tiles::{BySeat, Seat, Tile, full_set};
use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};
use std::fmt;

/// Domain tag of the commitment, so the hash serves no other purpose.
pub const COMMITMENT_TAG: &[u8] = b"jongg fair wall v1 commitment";
/// Domain tag of the shuffle's key.
pub const KEY_TAG: &[u8] = b"jongg fair wall v1 key";
/// Most bytes a seat may contribute.
pub const MAX_CONTRIBUTION: usize = 32;

/// The server's secret for one wall. Its `Debug` hides the bytes: it must
/// reach no seat before the game ends.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ServerSeed([u8; 32]);

impl fmt::Debug for ServerSeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ServerSeed(hidden)")
    }
}

impl ServerSeed {
    pub const fn from_bytes(bytes: [u8; 32]) -> ServerSeed {
        ServerSeed(bytes)
    }

    /// A fresh secret from the operating system.
    pub fn generate() -> Result<ServerSeed, String> {
        let mut b = [0u8; 32];
        getrandom::getrandom(&mut b)
            .map_err(|e| format!("no random bytes from the system: {e}"))?;
        Ok(ServerSeed(b))
    }

    /// The secret of game `game` of a simulation: follows from the run's
    /// seed so that `jongg sim --log` writes the same logs each time. Not
    /// secret at all; for bot games only.
    pub fn for_simulation(seed: u64, game: u64) -> ServerSeed {
        ServerSeed(sha256(&[
            b"jongg simulated wall",
            &seed.to_le_bytes(),
            &game.to_le_bytes(),
        ]))
    }

    pub fn bytes(&self) -> &[u8; 32] {
        &self.0
    }

    pub fn commitment(&self) -> Commitment {
        Commitment(sha256(&[COMMITMENT_TAG, &self.0]))
    }
}

/// The SHA-256 published before the deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Commitment(pub [u8; 32]);

/// One seat's random bytes (0 to 32).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Contribution(Vec<u8>);

impl Contribution {
    pub fn new(bytes: Vec<u8>) -> Result<Contribution, String> {
        if bytes.len() > MAX_CONTRIBUTION {
            return Err(format!(
                "a contribution is at most {MAX_CONTRIBUTION} bytes, not {}",
                bytes.len()
            ));
        }
        Ok(Contribution(bytes))
    }

    pub fn bytes(&self) -> &[u8] {
        &self.0
    }
}

fn sha256(parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
}

/// The shuffle's key from the seed and the seats' contributions (step 2).
fn shuffle_key(seed: &ServerSeed, contributions: &BySeat<Contribution>) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(KEY_TAG);
    h.update(seed.0);
    for s in Seat::ALL {
        let c = contributions[s].bytes();
        // At most 32 bytes (checked in `Contribution::new`): one byte of length.
        h.update([c.len() as u8]);
        h.update(c);
    }
    h.finalize().into()
}

/// A number uniform in `0..n` (`n >= 1`) from the words `next` draws, by
/// rejection: no modulo bias. A closure rather than the generator, so that a
/// test can draw the word at the limit.
fn uniform_below(next: &mut impl FnMut() -> u32, n: u32) -> u32 {
    let limit = (u32::MAX / n) * n;
    loop {
        let x = next();
        if x < limit {
            return x % n;
        }
    }
}

/// The wall in picking order that follows from the seed and contributions.
pub fn fair_wall(seed: &ServerSeed, contributions: &BySeat<Contribution>) -> Vec<Tile> {
    let mut rng = ChaCha20Rng::from_seed(shuffle_key(seed, contributions));
    let mut tiles = full_set();
    for i in (1..tiles.len()).rev() {
        let j = uniform_below(&mut || rng.next_u32(), i as u32 + 1) as usize;
        tiles.swap(i, j);
    }
    tiles
}

/// What anyone needs after the game to check the wall.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WallProof {
    pub commitment: Commitment,
    pub contributions: BySeat<Contribution>,
    /// The server's seed, revealed after the game.
    pub seed: ServerSeed,
}

/// Why a wall does not follow from its proof.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WallMismatch {
    #[error("the revealed seed does not hash to the published commitment")]
    Commitment,
    #[error("the wall holds {found} tiles, not {expected}")]
    Length { expected: usize, found: usize },
    #[error(
        "tile {} of the wall (in picking order) is {found}, but the seed and contributions give {expected}",
        index + 1
    )]
    Tile {
        /// Counted from 0, the first tile picked.
        index: usize,
        expected: Tile,
        found: Tile,
    },
}

/// Checks that `wall` (in picking order) follows from `proof`.
pub fn verify(proof: &WallProof, wall: &[Tile]) -> Result<(), WallMismatch> {
    if proof.seed.commitment() != proof.commitment {
        return Err(WallMismatch::Commitment);
    }
    let expected = fair_wall(&proof.seed, &proof.contributions);
    if wall.len() != expected.len() {
        return Err(WallMismatch::Length {
            expected: expected.len(),
            found: wall.len(),
        });
    }
    match expected.iter().zip(wall).position(|(e, f)| e != f) {
        None => Ok(()),
        Some(index) => Err(WallMismatch::Tile {
            index,
            expected: expected[index],
            found: wall[index],
        }),
    }
}

// Bytes travel as lowercase hex in JSON.

pub(crate) fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub(crate) fn from_hex(text: &str) -> Result<Vec<u8>, String> {
    if !text.len().is_multiple_of(2) {
        return Err(format!("`{text}` is not hex: an odd number of digits"));
    }
    (0..text.len())
        .step_by(2)
        .map(|i| {
            text.get(i..i + 2)
                .and_then(|d| u8::from_str_radix(d, 16).ok())
                .ok_or_else(|| format!("`{text}` is not hex (0-9, a-f)"))
        })
        .collect()
}

fn hex32<'de, D: Deserializer<'de>>(d: D) -> Result<[u8; 32], D::Error> {
    let text = String::deserialize(d)?;
    let bytes = from_hex(&text).map_err(serde::de::Error::custom)?;
    bytes.try_into().map_err(|b: Vec<u8>| {
        serde::de::Error::custom(format!(
            "expected 32 bytes (64 hex digits), not {}",
            b.len()
        ))
    })
}

impl Serialize for ServerSeed {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&to_hex(&self.0))
    }
}

impl<'de> Deserialize<'de> for ServerSeed {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        hex32(d).map(ServerSeed)
    }
}

impl Serialize for Commitment {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&to_hex(&self.0))
    }
}

impl<'de> Deserialize<'de> for Commitment {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        hex32(d).map(Commitment)
    }
}

impl Serialize for Contribution {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&to_hex(&self.0))
    }
}

impl<'de> Deserialize<'de> for Contribution {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        let bytes = from_hex(&text).map_err(serde::de::Error::custom)?;
        Contribution::new(bytes).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_tiles::{Counts, format_tiles};

    fn proof(seed: u8) -> WallProof {
        let seed = ServerSeed::from_bytes([seed; 32]);
        WallProof {
            commitment: seed.commitment(),
            contributions: BySeat::from_fn(|s| {
                Contribution::new(vec![s.index() as u8; 4]).unwrap()
            }),
            seed,
        }
    }

    /// The worked example of docs/play-protocol.md ("The fair wall") is
    /// what the code computes: a verifier written from the doc alone gets
    /// the same commitment, key and wall (issue 34.9).
    #[test]
    fn the_protocol_docs_worked_example_is_the_codes() {
        let doc = include_str!("../../../docs/play-protocol.md");
        let field = |name: &str| -> String {
            let line = doc
                .lines()
                .find(|l| l.starts_with(name))
                .unwrap_or_else(|| panic!("the doc's example has no line {name:?}"));
            line[name.len()..].trim().to_string()
        };
        let seed: [u8; 32] = from_hex(&field("seed:")).unwrap().try_into().unwrap();
        let seed = ServerSeed::from_bytes(seed);
        assert_eq!(to_hex(&seed.commitment().0), field("commitment:"));
        // The doc's warning: the commitment is not the seed's bare hash.
        let bare = field("sha256(seed):");
        assert!(
            bare.starts_with(&to_hex(&sha256(&[seed.bytes()]))),
            "{bare}"
        );
        assert_ne!(
            to_hex(&seed.commitment().0),
            to_hex(&sha256(&[seed.bytes()]))
        );
        // "east 00000000, south 01010101, ..." in seat order.
        let given = field("contributions:");
        let parts: Vec<&str> = given.split(", ").collect();
        assert_eq!(parts.len(), 4, "{given}");
        let contributions = BySeat::from_fn(|s| {
            let (name, hex) = parts[s.index()].split_once(' ').unwrap();
            assert_eq!(name, s.name(), "{given}");
            Contribution::new(from_hex(hex).unwrap()).unwrap()
        });
        assert_eq!(contributions, proof(7).contributions);
        assert_eq!(to_hex(&shuffle_key(&seed, &contributions)), field("key:"));
        let wall = fair_wall(&seed, &contributions);
        let begins = field("wall begins:");
        let n = begins.split(' ').count();
        assert_eq!(format_tiles(&wall[..n]), begins);
        // The doc's tags are the code's.
        for (tag, bytes) in [
            ("jongg fair wall v1 commitment", COMMITMENT_TAG),
            ("jongg fair wall v1 key", KEY_TAG),
        ] {
            assert_eq!(tag.as_bytes(), bytes);
            let quoted = format!("`\"{tag}\"` ({} bytes)", bytes.len());
            assert!(doc.contains(&quoted), "the doc gives {quoted}");
        }
    }

    #[test]
    fn the_stream_is_standard_chacha20() {
        // RFC 7539 appendix A.1, test vector 1: all-zero key and nonce,
        // block 0 begins 76 b8 e0 ad a0 f1 3d 90.
        let mut rng = ChaCha20Rng::from_seed([0; 32]);
        assert_eq!(rng.next_u32(), 0xade0_b876);
        assert_eq!(rng.next_u32(), 0x903d_f1a0);
    }

    #[test]
    fn a_fixed_seed_gives_a_fixed_wall() {
        // Pins the documented algorithm: a change to any step changes these.
        // Contributions: seat i gives four bytes of value i.
        let p = proof(7);
        let wall = fair_wall(&p.seed, &p.contributions);
        assert_eq!(
            to_hex(&p.commitment.0),
            "61faa59167beb6074e7207653af76cd6fe84835d0a1bcf7b881ea18db9a2d2ef",
            "the commitment of [7; 32]"
        );
        // Also computed outside jongg, from the steps in this file's doc and
        // another ChaCha20 implementation (Python's `cryptography`).
        assert_eq!(format_tiles(&wall[..8]), "N 5C 7B 5B 1B 8B 4D GD");
    }

    #[test]
    fn the_wall_is_the_whole_set_and_each_input_changes_it() {
        let p = proof(1);
        let wall = fair_wall(&p.seed, &p.contributions);
        assert_eq!(Counts::from_tiles(&wall), Counts::from_tiles(&full_set()));
        assert_ne!(wall, full_set());
        let mut other = p.contributions.clone();
        other[Seat::North] = Contribution::new(vec![9]).unwrap();
        assert_ne!(wall, fair_wall(&p.seed, &other));
        assert_ne!(
            wall,
            fair_wall(&ServerSeed::from_bytes([2; 32]), &p.contributions)
        );
    }

    #[test]
    fn a_true_wall_is_verified() {
        let p = proof(3);
        assert_eq!(verify(&p, &fair_wall(&p.seed, &p.contributions)), Ok(()));
    }

    #[test]
    fn one_changed_tile_is_refused_naming_its_position() {
        let p = proof(3);
        let mut wall = fair_wall(&p.seed, &p.contributions);
        let k = wall.iter().position(|t| *t != wall[40]).unwrap();
        wall.swap(40, k);
        let first = 40.min(k);
        match verify(&p, &wall) {
            Err(WallMismatch::Tile { index, .. }) => assert_eq!(index, first),
            other => panic!("expected a tile mismatch, got {other:?}"),
        }
        assert!(verify(&p, &wall[..151]).is_err());
    }

    #[test]
    fn a_changed_seed_or_contribution_is_refused() {
        let p = proof(3);
        let wall = fair_wall(&p.seed, &p.contributions);
        let mut seed_changed = p.clone();
        seed_changed.seed = ServerSeed::from_bytes([4; 32]);
        assert_eq!(verify(&seed_changed, &wall), Err(WallMismatch::Commitment));
        let mut contribution_changed = p.clone();
        contribution_changed.contributions[Seat::West] = Contribution::new(vec![0xff]).unwrap();
        assert!(matches!(
            verify(&contribution_changed, &wall),
            Err(WallMismatch::Tile { .. })
        ));
    }

    #[test]
    fn the_commitment_does_not_hold_the_seed() {
        let p = proof(5);
        let c = serde_json::to_string(&p.commitment).unwrap();
        assert!(!c.contains(&to_hex(p.seed.bytes())));
        assert_eq!(format!("{:?}", p.seed), "ServerSeed(hidden)");
    }

    /// Step 4: a word at or above the largest multiple of `n` that fits
    /// is drawn again, one below it is kept (`x mod n`).
    #[test]
    fn a_draw_at_the_rejection_limit_is_drawn_again() {
        let draw = |words: &[u32], n: u32| {
            let mut words = words.iter().copied();
            uniform_below(&mut || words.next().unwrap(), n)
        };
        // n = 3: the limit is u32::MAX itself (a multiple of 3), refused.
        assert_eq!(draw(&[u32::MAX, u32::MAX - 1], 3), 2);
        // n = 10: the limit is 4_294_967_290; it and above are refused.
        let limit = (u32::MAX / 10) * 10;
        assert_eq!(limit, 4_294_967_290);
        assert_eq!(draw(&[limit, 17], 10), 7);
        assert_eq!(draw(&[u32::MAX, limit + 3, 42], 10), 2);
        assert_eq!(draw(&[limit - 1], 10), 9);
        // n = 1: always 0.
        assert_eq!(draw(&[12_345], 1), 0);
    }

    /// After the game the seed is revealed as its bytes (`jongg
    /// verify-wall` and the seats read them): those the wall came from.
    #[test]
    fn a_revealed_seed_is_the_hex_of_the_bytes_it_was_made_from() {
        let bytes: [u8; 32] = std::array::from_fn(|i| i as u8 * 7);
        let seed = ServerSeed::from_bytes(bytes);
        assert_eq!(seed.bytes(), &bytes);
        let json = serde_json::to_string(&seed).unwrap();
        assert_eq!(json, format!("\"{}\"", to_hex(seed.bytes())));
    }

    #[test]
    fn a_contribution_takes_up_to_32_bytes_and_refuses_33() {
        let full = Contribution::new(vec![0xab; MAX_CONTRIBUTION]).unwrap();
        assert_eq!(full.bytes(), &[0xab; 32][..]);
        let e = Contribution::new(vec![0; MAX_CONTRIBUTION + 1]).unwrap_err();
        assert_eq!(e, "a contribution is at most 32 bytes, not 33");
        assert_eq!(Contribution::new(vec![]).unwrap().bytes(), &[] as &[u8]);
    }

    #[test]
    fn bytes_round_trip_as_hex_and_bad_hex_is_named() {
        let p = proof(6);
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(serde_json::from_str::<WallProof>(&json).unwrap(), p);
        assert!(Contribution::new(vec![0; 33]).is_err());
        let e = from_hex("0g").unwrap_err();
        assert!(e.contains("not hex"), "{e}");
        assert!(from_hex("abc").is_err());
    }
}
