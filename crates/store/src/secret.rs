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

/// SHA-256 of `token`, in hex.
pub fn hash_token(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
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

    #[test]
    fn tokens_are_64_hex_digits_and_differ() {
        let a = new_token();
        let b = new_token();
        assert_eq!(a.len(), 64);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
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
