//! Random tokens and their hashes. Tokens are 256 random bits in hex; what we
//! store for a login token is its SHA-256, so a copy of the database does not
//! let anyone log in. (SHA-256 suffices: the tokens are random, not guessable
//! passwords; the director's password itself uses argon2 in the server.)

use sha2::{Digest, Sha256};

/// A fresh random token: 64 hex digits (256 bits).
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    // The OS random source failing is not something we can serve through.
    getrandom::getrandom(&mut bytes).expect("the operating system's random source failed");
    hex(&bytes)
}

/// A fresh random seed for the one generator (`jongg_rules::rng`): the
/// server's roll for East at an online table (standard 3A).
pub fn new_seed() -> u64 {
    let mut bytes = [0u8; 8];
    getrandom::getrandom(&mut bytes).expect("the operating system's random source failed");
    u64::from_le_bytes(bytes)
}

/// The letters of a table's printed code: no 0/O, 1/I/L, so that what is
/// read off a card is typed in right.
pub const CODE_ALPHABET: &[u8; 31] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// The length of a table's printed code: 31^6 (about 887 million) codes.
pub const CODE_LEN: usize = 6;

/// A fresh random code of [`CODE_LEN`] letters of [`CODE_ALPHABET`].
pub fn new_code() -> String {
    let mut bytes = [0u8; CODE_LEN];
    let mut code = String::with_capacity(CODE_LEN);
    while code.len() < CODE_LEN {
        getrandom::getrandom(&mut bytes).expect("the operating system's random source failed");
        // 248 = 8 * 31: bytes above it are dropped, so every letter is as likely.
        for b in bytes.iter().filter(|&&b| b < 248) {
            if code.len() < CODE_LEN {
                code.push(CODE_ALPHABET[usize::from(*b) % 31] as char);
            }
        }
    }
    code
}

/// The digits of a player's personal sign-off code (issue 14, point 6).
pub const PERSONAL_CODE_LEN: usize = 6;

/// A fresh random personal code: [`PERSONAL_CODE_LEN`] digits, each as likely.
pub fn new_personal_code() -> String {
    let mut code = String::with_capacity(PERSONAL_CODE_LEN);
    let mut bytes = [0u8; PERSONAL_CODE_LEN];
    while code.len() < PERSONAL_CODE_LEN {
        getrandom::getrandom(&mut bytes).expect("the operating system's random source failed");
        // 250 = 25 * 10: bytes above it are dropped.
        for b in bytes.iter().filter(|&&b| b < 250) {
            if code.len() < PERSONAL_CODE_LEN {
                code.push(char::from(b'0' + b % 10));
            }
        }
    }
    code
}

/// A code as typed (any case, spaces or dashes between) in its printed
/// form; None if it cannot be one.
pub fn normalize_code(typed: &str) -> Option<String> {
    let code: String = typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    (code.len() == CODE_LEN && code.bytes().all(|b| CODE_ALPHABET.contains(&b))).then_some(code)
}

/// SHA-256 of `token`, in hex.
pub fn hash_token(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// The token of a tournament player's seat at live table `table` (issue
/// 23.7): made from the key of the player's own page, so their page links
/// them to their seat and no seat token is stored; the table keeps only
/// its hash, as for any seat. Whoever holds the page's key (the badge, or
/// the database, where the key is kept in clear) may sit there, as they
/// may read the player's personal code.
pub fn seat_token(page_key: &str, table: &str) -> String {
    hash_token(&format!("jongg seat {table} {page_key}"))
}

/// Bytes as lower-case hex digits.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[(b >> 4) as usize] as char);
        s.push(DIGITS[(b & 15) as usize] as char);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 23.7: a seat's token follows from the player's page key and
    /// the table; another table or another key gives another token.
    #[test]
    fn an_online_round_seat_token_is_its_players_key_at_its_table() {
        let key = new_token();
        let t = seat_token(&key, "00112233aabbccdd");
        assert_eq!(t.len(), 64);
        assert_eq!(t, seat_token(&key, "00112233aabbccdd"));
        assert_ne!(t, seat_token(&key, "00112233aabbccde"));
        assert_ne!(t, seat_token(&new_token(), "00112233aabbccdd"));
        assert_ne!(t, hash_token(&key));
    }

    #[test]
    fn tokens_are_64_hex_digits_and_differ() {
        let a = new_token();
        let b = new_token();
        assert_eq!(a.len(), 64);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn codes_are_six_unambiguous_letters_and_read_back_as_typed() {
        let a = new_code();
        assert_eq!(a.len(), CODE_LEN);
        assert!(a.bytes().all(|b| CODE_ALPHABET.contains(&b)), "{a}");
        assert!(!a.contains(['0', 'O', '1', 'I', 'L']));
        assert_eq!(
            normalize_code(&format!(" {} ", a.to_lowercase())),
            Some(a.clone())
        );
        assert_eq!(normalize_code("ab2-cd3").as_deref(), Some("AB2CD3"));
        assert_eq!(normalize_code("AB2-CD3E"), None, "6 letters only");
        assert_eq!(normalize_code("A02CD3"), None, "0 is never printed");
        assert_eq!(normalize_code("AB2;D3"), None);
    }

    #[test]
    fn hash_is_sha256() {
        // SHA-256("abc"), the FIPS 180-2 example.
        assert_eq!(
            hash_token("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
