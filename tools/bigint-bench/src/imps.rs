use crate::{Big, Buf};
use core::fmt::Write;

// ---------------- bnum 0.14 (Integer<u8 digits>, const-generic) ----------------
macro_rules! bnum14 {
    ($t:ty, $w:expr, $name:expr) => {
        impl Big for $t {
            const NAME: &'static str = $name;
            const WIDTH: u32 = $w;
            fn from_u64(v: u64) -> Self {
                use bnum::cast::As;
                v.as_()
            }
            fn shl(self, s: u32) -> Self {
                self.wrapping_shl(s)
            }
            fn shr(self, s: u32) -> Self {
                self.wrapping_shr(s)
            }
            fn or(self, o: Self) -> Self {
                self | o
            }
            fn tz(self) -> u32 {
                self.trailing_zeros() as u32
            }
            fn is_zero_(self) -> bool {
                self == Self::from_u64(0)
            }
            fn checked_mul_small(self, s: u64) -> Option<Self> {
                self.checked_mul(Self::from_u64(s))
            }
            fn checked_add(self, o: Self) -> Option<Self> {
                <$t>::checked_add(self, o)
            }
            fn rem_small(self, s: u64) -> u64 {
                use bnum::cast::As;
                (self % Self::from_u64(s)).as_()
            }
            fn div_small(self, s: u64) -> Self {
                self / Self::from_u64(s)
            }
            fn div_rem_small(self, s: u64) -> (Self, u64) {
                use bnum::cast::As;
                let d = Self::from_u64(s);
                (self / d, (self % d).as_())
            }
            fn div_big(self, d: Self) -> Self {
                self / d
            }
            fn wrapping_mul(self, o: Self) -> Self {
                <$t>::wrapping_mul(self, o)
            }
            fn wrapping_add(self, o: Self) -> Self {
                <$t>::wrapping_add(self, o)
            }
        }
    };
}
bnum14!(bnum::types::U1024, 1024, "bnum 0.14 U1024");
bnum14!(bnum::types::U2048, 2048, "bnum 0.14 U2048");

// ---------------- bnum 0.13 (BUint<N> u64 digits) ----------------
macro_rules! bnum13 {
    ($t:ty, $w:expr, $name:expr) => {
        impl Big for $t {
            const NAME: &'static str = $name;
            const WIDTH: u32 = $w;
            fn from_u64(v: u64) -> Self {
                Self::from_digit(v)
            }
            fn shl(self, s: u32) -> Self {
                self.wrapping_shl(s)
            }
            fn shr(self, s: u32) -> Self {
                self.wrapping_shr(s)
            }
            fn or(self, o: Self) -> Self {
                self | o
            }
            fn tz(self) -> u32 {
                self.trailing_zeros() as u32
            }
            fn is_zero_(self) -> bool {
                self.is_zero()
            }
            fn checked_mul_small(self, s: u64) -> Option<Self> {
                self.checked_mul(Self::from_digit(s))
            }
            fn checked_add(self, o: Self) -> Option<Self> {
                <$t>::checked_add(self, o)
            }
            fn rem_small(self, s: u64) -> u64 {
                (self % Self::from_digit(s)).digits()[0]
            }
            fn div_small(self, s: u64) -> Self {
                self / Self::from_digit(s)
            }
            fn div_rem_small(self, s: u64) -> (Self, u64) {
                let d = Self::from_digit(s);
                (self / d, (self % d).digits()[0])
            }
            fn div_big(self, d: Self) -> Self {
                self / d
            }
            fn wrapping_mul(self, o: Self) -> Self {
                <$t>::wrapping_mul(self, o)
            }
            fn wrapping_add(self, o: Self) -> Self {
                <$t>::wrapping_add(self, o)
            }
        }
    };
}
bnum13!(bnum013::BUint<16>, 1024, "bnum 0.13 BUint<16>");
bnum13!(bnum013::BUint<32>, 2048, "bnum 0.13 BUint<32>");

// ---------------- ruint ----------------
macro_rules! ruint {
    ($bits:expr, $limbs:expr, $name:expr) => {
        impl Big for ruint::Uint<$bits, $limbs> {
            const NAME: &'static str = $name;
            const WIDTH: u32 = $bits;
            fn from_u64(v: u64) -> Self {
                Self::from(v)
            }
            fn shl(self, s: u32) -> Self {
                self.wrapping_shl(s as usize)
            }
            fn shr(self, s: u32) -> Self {
                self.wrapping_shr(s as usize)
            }
            fn or(self, o: Self) -> Self {
                self | o
            }
            fn tz(self) -> u32 {
                self.trailing_zeros() as u32
            }
            fn is_zero_(self) -> bool {
                self.is_zero()
            }
            fn checked_mul_small(self, s: u64) -> Option<Self> {
                self.checked_mul(Self::from(s))
            }
            fn checked_add(self, o: Self) -> Option<Self> {
                ruint::Uint::checked_add(self, o)
            }
            fn rem_small(self, s: u64) -> u64 {
                (self % Self::from(s)).as_limbs()[0]
            }
            fn div_small(self, s: u64) -> Self {
                self / Self::from(s)
            }
            fn div_rem_small(self, s: u64) -> (Self, u64) {
                let (q, r) = self.div_rem(Self::from(s));
                (q, r.as_limbs()[0])
            }
            fn div_big(self, d: Self) -> Self {
                self / d
            }
            fn wrapping_mul(self, o: Self) -> Self {
                ruint::Uint::wrapping_mul(self, o)
            }
            fn wrapping_add(self, o: Self) -> Self {
                ruint::Uint::wrapping_add(self, o)
            }
            fn native_decimal(self, b: &mut Buf) -> bool {
                write!(b, "{}", self).is_ok()
            }
        }
    };
}
ruint!(1024, 16, "ruint 1.21 Uint<1024,16>");
ruint!(2048, 32, "ruint 1.21 Uint<2048,32>");

// ---------------- crypto-bigint (constant-time; vartime variants used where offered) ----------------
macro_rules! cbig {
    ($t:ty, $w:expr, $name:expr) => {
        impl Big for $t {
            const NAME: &'static str = $name;
            const WIDTH: u32 = $w;
            fn from_u64(v: u64) -> Self {
                Self::from_u64(v)
            }
            fn shl(self, s: u32) -> Self {
                self.wrapping_shl_vartime(s)
            }
            fn shr(self, s: u32) -> Self {
                self.wrapping_shr_vartime(s)
            }
            fn or(self, o: Self) -> Self {
                self | o
            }
            fn tz(self) -> u32 {
                self.trailing_zeros_vartime()
            }
            fn is_zero_(self) -> bool {
                bool::from(self.is_zero())
            }
            // multiply by a 1-limb Uint: cost is O(LIMBS), not O(LIMBS^2)
            fn checked_mul_small(self, s: u64) -> Option<Self> {
                self.checked_mul(&crypto_bigint::U64::from_u64(s)).into_option()
            }
            fn checked_add(self, o: Self) -> Option<Self> {
                crypto_bigint::CheckedAdd::checked_add(&self, &o).into_option()
            }
            fn rem_small(self, s: u64) -> u64 {
                self.rem_limb(crypto_bigint::NonZero::new(crypto_bigint::Limb(s)).unwrap()).0
            }
            fn div_small(self, s: u64) -> Self {
                self.div_rem_limb(crypto_bigint::NonZero::new(crypto_bigint::Limb(s)).unwrap()).0
            }
            fn div_rem_small(self, s: u64) -> (Self, u64) {
                let (q, r) = self.div_rem_limb(crypto_bigint::NonZero::new(crypto_bigint::Limb(s)).unwrap());
                (q, r.0)
            }
            fn div_big(self, d: Self) -> Self {
                self.div_rem_vartime(&crypto_bigint::NonZero::new(d).unwrap()).0
            }
            fn wrapping_mul(self, o: Self) -> Self {
                <$t>::wrapping_mul(&self, &o)
            }
            fn wrapping_add(self, o: Self) -> Self {
                <$t>::wrapping_add(&self, &o)
            }
        }
    };
}
cbig!(crypto_bigint::U1024, 1024, "crypto-bigint 0.7 U1024");
cbig!(crypto_bigint::U2048, 2048, "crypto-bigint 0.7 U2048");

// ---------------- uint (parity) ----------------
mod pu {
    uint::construct_uint! { pub struct U1024(16); }
    uint::construct_uint! { pub struct U2048(32); }
}
macro_rules! puint {
    ($t:ty, $w:expr, $name:expr) => {
        impl Big for $t {
            const NAME: &'static str = $name;
            const WIDTH: u32 = $w;
            fn from_u64(v: u64) -> Self {
                Self::from(v)
            }
            fn shl(self, s: u32) -> Self {
                self << (s as usize)
            }
            fn shr(self, s: u32) -> Self {
                self >> (s as usize)
            }
            fn or(self, o: Self) -> Self {
                self | o
            }
            fn tz(self) -> u32 {
                self.trailing_zeros()
            }
            fn is_zero_(self) -> bool {
                self.is_zero()
            }
            fn checked_mul_small(self, s: u64) -> Option<Self> {
                self.checked_mul(Self::from(s))
            }
            fn checked_add(self, o: Self) -> Option<Self> {
                <$t>::checked_add(self, o)
            }
            fn rem_small(self, s: u64) -> u64 {
                (self % s).low_u64()
            }
            fn div_small(self, s: u64) -> Self {
                self / s
            }
            fn div_rem_small(self, s: u64) -> (Self, u64) {
                let (q, r) = self.div_mod(Self::from(s));
                (q, r.low_u64())
            }
            fn div_big(self, d: Self) -> Self {
                self / d
            }
            fn wrapping_mul(self, o: Self) -> Self {
                self.overflowing_mul(o).0
            }
            fn wrapping_add(self, o: Self) -> Self {
                self.overflowing_add(o).0
            }
            fn native_decimal(self, b: &mut Buf) -> bool {
                write!(b, "{}", self).is_ok()
            }
        }
    };
}
puint!(pu::U1024, 1024, "uint 0.10 construct_uint!(16)");
puint!(pu::U2048, 2048, "uint 0.10 construct_uint!(32)");

pub fn for_each(f: &str, rows: &mut Vec<String>, ans: &mut Vec<String>) {
    macro_rules! run { ($($t:ty),*) => { $( if <$t as Big>::NAME.contains(f) { eprintln!("bench {}", <$t as Big>::NAME); crate::bt::<$t>(rows); crate::ba::<$t>(ans); } )* } }
    run!(bnum::types::U1024, bnum013::BUint<16>, ruint::Uint<1024,16>, crypto_bigint::U1024, pu::U1024,
         bnum::types::U2048, bnum013::BUint<32>, ruint::Uint<2048,32>, crypto_bigint::U2048, pu::U2048);
}
