#![no_std]
use core::fmt::Write;
pub struct Buf {
    pub b: [u8; 400],
    pub n: usize,
}
impl Write for Buf {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        let by = s.as_bytes();
        if self.n + by.len() > 400 {
            return Err(core::fmt::Error);
        }
        self.b[self.n..self.n + by.len()].copy_from_slice(by);
        self.n += by.len();
        Ok(())
    }
}

pub fn bnum14(x: bnum::types::U1024, d: bnum::types::U1024) -> Option<bnum::types::U1024> {
    use bnum::cast::As;
    let s: bnum::types::U1024 = 3u64.as_();
    let y = x.checked_mul(s)?.checked_add(d)?;
    Some((y / d) % s + (y >> 3u32))
}
pub fn bnum13(x: bnum013::BUint<16>, d: bnum013::BUint<16>) -> Option<bnum013::BUint<16>> {
    let s = bnum013::BUint::<16>::from_digit(3);
    let y = x.checked_mul(s)?.checked_add(d)?;
    Some((y / d) % s + (y >> 3u32))
}
pub fn ruint_(x: ruint::Uint<1024, 16>, d: ruint::Uint<1024, 16>, b: &mut Buf) -> Option<ruint::Uint<1024, 16>> {
    let s = ruint::Uint::<1024, 16>::from(3u64);
    let y = x.checked_mul(s)?.checked_add(d)?;
    let (q, r) = y.div_rem(d);
    write!(b, "{}", q).ok()?;
    Some(q % s + r + (y >> 3usize))
}
pub fn cbig(x: crypto_bigint::U1024, d: crypto_bigint::U1024) -> Option<crypto_bigint::U1024> {
    let y = x.checked_mul(&crypto_bigint::U64::from_u64(3)).into_option()?;
    let y = crypto_bigint::CheckedAdd::checked_add(&y, &d).into_option()?;
    let (q, _r) = y.div_rem_vartime(&crypto_bigint::NonZero::new(d).into_option()?);
    let (q2, _) = q.div_rem_limb(crypto_bigint::NonZero::new(crypto_bigint::Limb(3)).into_option()?);
    Some(q2.wrapping_shr_vartime(3))
}
uint::construct_uint! { pub struct U1024(16); }
pub fn puint(x: U1024, d: U1024, b: &mut Buf) -> Option<U1024> {
    let y = x.checked_mul(U1024::from(3u64))?.checked_add(d)?;
    let (q, r) = y.div_mod(d);
    write!(b, "{}", q).ok()?;
    Some(q % 3u64 + r + (y >> 3usize))
}
