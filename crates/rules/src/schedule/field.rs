//! Finite fields GF(q) for the designs in `construct.rs`.
//!
//! An element is a number in `0..q`, read as the base-p digits of a
//! polynomial over Z_p (q = p^k). Addition is digit by digit modulo p;
//! multiplication is polynomial multiplication modulo the first monic
//! polynomial of degree k (in counting order) that makes every non-zero
//! element invertible, that is an irreducible one. q is at most 4 · 500
//! tables' worth, so whole tables are cheap.

/// GF(q) with its addition and multiplication tables.
#[derive(Clone, Debug)]
pub(crate) struct Field {
    q: usize,
    add: Vec<u32>,
    mul: Vec<u32>,
}

impl Field {
    /// The field of `q` elements, if `q` is a prime power (q ≥ 2).
    pub(crate) fn new(q: u32) -> Option<Field> {
        let (p, k) = prime_power(q)?;
        let q = q as usize;
        let add = table(q, |a, b| digits_op(a, b, p, k, |x, y| (x + y) % p));
        if k == 1 {
            let mul = table(q, |a, b| a * b % p);
            return Some(Field { q, add, mul });
        }
        // Monic polynomials of degree k: the k lower coefficients run over 0..q.
        (0..q as u32).find_map(|low| {
            let mul = table(q, |a, b| poly_mul_mod(a, b, low, p, k));
            let field = (1..q).all(|a| (1..q).all(|b| mul[a * q + b] != 0));
            field.then(|| Field {
                q,
                add: add.clone(),
                mul,
            })
        })
    }

    pub(crate) fn add(&self, a: u32, b: u32) -> u32 {
        self.add[a as usize * self.q + b as usize]
    }

    pub(crate) fn mul(&self, a: u32, b: u32) -> u32 {
        self.mul[a as usize * self.q + b as usize]
    }
}

/// `q = p^k` with p prime, if it is one.
fn prime_power(q: u32) -> Option<(u32, u32)> {
    if q < 2 {
        return None;
    }
    let p = (2..=q).find(|d| q.is_multiple_of(*d))?;
    let (mut rest, mut k) = (q, 0);
    while rest.is_multiple_of(p) {
        rest /= p;
        k += 1;
    }
    (rest == 1).then_some((p, k))
}

fn table(q: usize, f: impl Fn(u32, u32) -> u32) -> Vec<u32> {
    let mut out = Vec::with_capacity(q * q);
    for a in 0..q as u32 {
        for b in 0..q as u32 {
            out.push(f(a, b));
        }
    }
    out
}

fn digits(mut x: u32, p: u32, k: u32) -> Vec<u32> {
    (0..k)
        .map(|_| {
            let d = x % p;
            x /= p;
            d
        })
        .collect()
}

fn number(ds: &[u32], p: u32) -> u32 {
    ds.iter().rev().fold(0, |acc, &d| acc * p + d)
}

fn digits_op(a: u32, b: u32, p: u32, k: u32, op: impl Fn(u32, u32) -> u32) -> u32 {
    let (x, y) = (digits(a, p, k), digits(b, p, k));
    let out: Vec<u32> = x.iter().zip(&y).map(|(&s, &t)| op(s, t)).collect();
    number(&out, p)
}

/// `a · b` modulo `x^k + low(x)`, coefficients modulo p.
fn poly_mul_mod(a: u32, b: u32, low: u32, p: u32, k: u32) -> u32 {
    let (x, y) = (digits(a, p, k), digits(b, p, k));
    let k = k as usize;
    let mut prod = vec![0u32; 2 * k];
    for (i, &s) in x.iter().enumerate() {
        for (j, &t) in y.iter().enumerate() {
            prod[i + j] = (prod[i + j] + s * t) % p;
        }
    }
    // x^k ≡ -low(x): fold the high terms down, highest first.
    let low = digits(low, p, k as u32);
    for top in (k..2 * k).rev() {
        let c = prod[top];
        if c == 0 {
            continue;
        }
        prod[top] = 0;
        for (i, &l) in low.iter().enumerate() {
            prod[top - k + i] = (prod[top - k + i] + (p - l) * c) % p;
        }
    }
    number(&prod[..k], p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prime_powers_are_recognised() {
        assert_eq!(prime_power(4), Some((2, 2)));
        assert_eq!(prime_power(27), Some((3, 3)));
        assert_eq!(prime_power(7), Some((7, 1)));
        assert_eq!(prime_power(12), None);
        assert_eq!(prime_power(1), None);
        assert!(Field::new(6).is_none());
    }

    #[test]
    fn every_small_prime_power_gives_a_field() {
        for q in [2, 3, 4, 5, 7, 8, 9, 16, 25, 27, 32, 49] {
            let f = Field::new(q).unwrap();
            for a in 0..q {
                assert_eq!(f.add(a, 0), a);
                assert_eq!(f.mul(a, 1), a);
                // An additive inverse and, for a ≠ 0, a multiplicative one.
                assert!((0..q).any(|b| f.add(a, b) == 0), "q {q}, a {a}");
                if a != 0 {
                    assert!((0..q).any(|b| f.mul(a, b) == 1), "q {q}, a {a}");
                }
                for b in 0..q {
                    assert_eq!(f.mul(a, b), f.mul(b, a));
                    for c in 0..q {
                        assert_eq!(
                            f.mul(a, f.add(b, c)),
                            f.add(f.mul(a, b), f.mul(a, c)),
                            "q {q}"
                        );
                    }
                }
            }
        }
    }
}
