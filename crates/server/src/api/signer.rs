//! Which device signed a score sheet (issue 14.6): a long-lived cookie of
//! its own, set on a device's first signature. The log records a short hash
//! of it, never the cookie, so the audit shows one phone signing for
//! several seats without the log holding anything that could be replayed.

use crate::edge::access::cookie;
use crate::state::AppState;
use axum::http::HeaderMap;
use axum::response::Response;
use jongg_store::secret::{hash_token, new_token};

/// The cookie that marks a device that signed.
pub const SIGNER_COOKIE: &str = "jongg_signer";
/// A year: a device keeps its mark through a tournament season.
const SIGNER_SECONDS: i64 = 365 * 24 * 3600;

/// The device behind a request: its recorded id, and the cookie to set
/// when the device had none yet.
pub struct Device {
    pub id: String,
    new_cookie: Option<String>,
}

impl Device {
    pub fn of(headers: &HeaderMap) -> Device {
        let known = cookie(headers, SIGNER_COOKIE)
            .filter(|c| c.len() == 64 && c.bytes().all(|b| b.is_ascii_hexdigit()));
        let (token, new_cookie) = match known {
            Some(t) => (t, None),
            None => {
                let t = new_token();
                (t.clone(), Some(t))
            }
        };
        Device {
            id: format!("device {}", &hash_token(&token)[..8]),
            new_cookie,
        }
    }

    /// Whether the request came with this device's cookie (a request
    /// without one is a new device each time, so it is never counted as
    /// one: `player_code.rs` counts all of them together).
    pub fn known(&self) -> bool {
        self.new_cookie.is_none()
    }

    /// Sets the cookie on the answer when the device had none.
    pub fn mark(&self, app: &AppState, r: &mut Response) {
        if let Some(c) = &self.new_cookie {
            crate::api::auth::set_cookie(app, r, SIGNER_COOKIE, c, "/", SIGNER_SECONDS);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_keeps_its_id_and_a_new_one_gets_a_cookie() {
        let mut h = HeaderMap::new();
        let first = Device::of(&h);
        let c = first.new_cookie.clone().unwrap();
        h.insert(
            axum::http::header::COOKIE,
            format!("{SIGNER_COOKIE}={c}").parse().unwrap(),
        );
        let again = Device::of(&h);
        assert_eq!(again.id, first.id);
        assert!(again.new_cookie.is_none());
        assert!(!first.id.contains(&c[..8]) || hash_token(&c)[..8] == c[..8]);
        // A malformed cookie is a new device, never trusted as an id.
        h.insert(
            axum::http::header::COOKIE,
            "jongg_signer=zz".parse().unwrap(),
        );
        assert!(Device::of(&h).new_cookie.is_some());
    }
}
