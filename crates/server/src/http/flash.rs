//! The confirmation a form's page shows (`?done=Round 2 started`) is signed
//! by this server (`&ds=`): a link from anywhere else, or an edited address,
//! cannot put its own words at the top of jongg's pages ("call this number to
//! confirm your password"). The key is made at start and never stored, so a
//! restart only drops the confirmations of redirects in flight.
//!
//! The signature binds the words to the page's path and to an expiry ten
//! minutes on (issue 19.9): a confirmation made for one page is not shown on
//! another, nor a day later from a link someone kept.

use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::sync::OnceLock;
use std::time::{SystemTime, UNIX_EPOCH};

/// The query field that carries the signature.
pub(crate) const FIELD: &str = "ds";

/// Hex digits of the expiry (seconds since 1970) before the signature.
const EXPIRY: usize = 8;
/// Hex digits kept of the signature (128 bits).
const KEPT: usize = 32;
/// How long a confirmation is shown after the form was sent.
const LIFETIME_SECS: u64 = 10 * 60;

fn mac(path: &str, expires: u64, done: &str) -> Hmac<Sha256> {
    static KEY: OnceLock<String> = OnceLock::new();
    let key = KEY.get_or_init(jongg_store::secret::new_token);
    // HMAC takes a key of any length.
    let mut m = Hmac::<Sha256>::new_from_slice(key.as_bytes()).unwrap_or_else(|_| unreachable!());
    // Lengths first, so no two (path, done) pairs make the same input.
    m.update(format!("{expires:08x}:{}:{path}:{}:", path.len(), done.len()).as_bytes());
    m.update(done.as_bytes());
    m
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// The signature of `done` for the page at `path`: its expiry and the
/// MAC, as hex.
pub(crate) fn sign(path: &str, done: &str) -> String {
    sign_until(path, done, now().saturating_add(LIFETIME_SECS))
}

fn sign_until(path: &str, done: &str, expires: u64) -> String {
    // Eight hex digits last until 2106.
    let expires = expires.min(u64::from(u32::MAX));
    let mut hex = jongg_store::secret::hex(&mac(path, expires, done).finalize().into_bytes());
    hex.truncate(KEPT);
    format!("{expires:08x}{hex}")
}

/// Whether `signature` is this server's for `done` on the page at `path`,
/// and not expired (the MAC compared in constant time by `hmac`).
pub(crate) fn verify(path: &str, done: &str, signature: &str) -> bool {
    verify_at(path, done, signature, now())
}

fn verify_at(path: &str, done: &str, signature: &str, now: u64) -> bool {
    if signature.len() != EXPIRY + KEPT || !signature.bytes().all(|b| b.is_ascii_hexdigit()) {
        return false;
    }
    let Ok(expires) = u64::from_str_radix(&signature[..EXPIRY], 16) else {
        return false;
    };
    if expires < now {
        return false;
    }
    let bytes: Vec<u8> = (EXPIRY..EXPIRY + KEPT)
        .step_by(2)
        .filter_map(|i| u8::from_str_radix(&signature[i..i + 2], 16).ok())
        .collect();
    mac(path, expires, done)
        .verify_truncated_left(&bytes)
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "/director/t/1";

    #[test]
    fn only_this_servers_signature_of_these_words_is_taken() {
        let s = sign(PAGE, "Round 2 started");
        assert_eq!(s.len(), EXPIRY + KEPT);
        assert!(verify(PAGE, "Round 2 started", &s));
        assert!(verify(PAGE, "Round 2 started", &s.to_uppercase()));
        assert!(!verify(PAGE, "Round 3 started", &s));
        assert!(!verify(PAGE, "Round 2 started", &s[..s.len() - 2]));
        assert!(!verify(PAGE, "Round 2 started", &"0".repeat(EXPIRY + KEPT)));
        assert!(!verify(PAGE, "Round 2 started", ""));
        assert!(!verify(
            PAGE,
            "Round 2 started",
            &"zz".repeat((EXPIRY + KEPT) / 2)
        ));
    }

    #[test]
    fn a_confirmation_signed_for_one_page_is_not_shown_on_another_nor_after_it_expires() {
        let s = sign(PAGE, "Round 2 started");
        assert!(!verify("/director/t/2", "Round 2 started", &s));
        assert!(!verify("/director", "Round 2 started", &s));
        // Its expiry is signed: moving it on breaks the signature.
        let later = format!("{:08x}{}", now() + 86_400, &s[EXPIRY..]);
        assert!(!verify(PAGE, "Round 2 started", &later));
        let old = sign_until(PAGE, "Round 2 started", 1_000);
        assert!(verify_at(PAGE, "Round 2 started", &old, 999));
        assert!(!verify_at(PAGE, "Round 2 started", &old, 1_001));
        let now = now();
        assert!(verify_at(
            PAGE,
            "Round 2 started",
            &s,
            now + LIFETIME_SECS - 5
        ));
        assert!(!verify_at(
            PAGE,
            "Round 2 started",
            &s,
            now + LIFETIME_SECS + 5
        ));
    }
}
