//! The confirmation a form's page shows (`?done=Round 2 started`) is signed
//! by this server (`&ds=`): a link from anywhere else, or an edited address,
//! cannot put its own words at the top of jongg's pages ("call this number to
//! confirm your password"). The key is made at start and never stored, so a
//! restart only drops the confirmations of redirects in flight.

use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::sync::OnceLock;

/// The query field that carries the signature.
pub(crate) const FIELD: &str = "ds";

/// Hex digits kept of the signature (128 bits).
const KEPT: usize = 32;

fn mac() -> Hmac<Sha256> {
    static KEY: OnceLock<String> = OnceLock::new();
    let key = KEY.get_or_init(jongg_store::secret::new_token);
    // HMAC takes a key of any length.
    Hmac::<Sha256>::new_from_slice(key.as_bytes()).unwrap_or_else(|_| unreachable!())
}

/// The signature of `done`, as hex.
pub(crate) fn sign(done: &str) -> String {
    let mut m = mac();
    m.update(done.as_bytes());
    let mut hex = jongg_store::secret::hex(&m.finalize().into_bytes());
    hex.truncate(KEPT);
    hex
}

/// Whether `signature` is this server's for `done` (compared in constant
/// time by the `hmac` crate).
pub(crate) fn verify(done: &str, signature: &str) -> bool {
    if signature.len() != KEPT || !signature.bytes().all(|b| b.is_ascii_hexdigit()) {
        return false;
    }
    let bytes: Vec<u8> = (0..KEPT)
        .step_by(2)
        .filter_map(|i| u8::from_str_radix(&signature[i..i + 2], 16).ok())
        .collect();
    let mut m = mac();
    m.update(done.as_bytes());
    m.verify_truncated_left(&bytes).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_this_servers_signature_of_these_words_is_taken() {
        let s = sign("Round 2 started");
        assert_eq!(s.len(), KEPT);
        assert!(verify("Round 2 started", &s));
        assert!(verify("Round 2 started", &s.to_uppercase()));
        assert!(!verify("Round 3 started", &s));
        assert!(!verify("Round 2 started", &s[..KEPT - 2]));
        assert!(!verify("Round 2 started", &"0".repeat(KEPT)));
        assert!(!verify("Round 2 started", ""));
        assert!(!verify("Round 2 started", &"zz".repeat(KEPT / 2)));
    }
}
