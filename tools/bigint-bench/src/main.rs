//! Micro-benchmark of fixed-width big-integer crates for the `referee` solver workload.
//! Run: cd tools/bigint-bench && cargo run --release          (all)
//!      cargo run --release -- ruint                             (filter by crate-name substring)
use std::hint::black_box;
use std::time::Instant;

mod imps;

pub trait Big: Copy + 'static {
    const NAME: &'static str;
    const WIDTH: u32;
    fn from_u64(v: u64) -> Self;
    fn shl(self, s: u32) -> Self;
    fn shr(self, s: u32) -> Self;
    fn or(self, o: Self) -> Self;
    fn tz(self) -> u32;
    fn is_zero_(self) -> bool;
    fn checked_mul_small(self, s: u64) -> Option<Self>;
    fn checked_add(self, o: Self) -> Option<Self>;
    fn rem_small(self, s: u64) -> u64;
    fn div_small(self, s: u64) -> Self;
    fn div_rem_small(self, s: u64) -> (Self, u64);
    fn div_big(self, d: Self) -> Self; // full width quotient
    fn wrapping_mul(self, o: Self) -> Self;
    fn wrapping_add(self, o: Self) -> Self;
    /// native no-alloc decimal formatting into a buffer if the crate offers one
    fn native_decimal(self, _buf: &mut Buf) -> bool {
        false
    }
}

pub struct Buf {
    pub b: [u8; 1024],
    pub n: usize,
}
impl core::fmt::Write for Buf {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        let by = s.as_bytes();
        if self.n + by.len() > self.b.len() {
            return Err(core::fmt::Error);
        }
        self.b[self.n..self.n + by.len()].copy_from_slice(by);
        self.n += by.len();
        Ok(())
    }
}

/// generic decimal conversion by repeated division by 10^19 (works for every crate, no alloc)
fn generic_decimal<T: Big>(mut x: T, out: &mut [u8; 1024]) -> usize {
    let mut chunks = [0u64; 64];
    let mut n = 0;
    while !x.is_zero_() {
        let (q, r) = x.div_rem_small(10_000_000_000_000_000_000);
        chunks[n] = r;
        n += 1;
        x = q;
    }
    let mut len = 0;
    if n == 0 {
        out[0] = b'0';
        return 1;
    }
    for i in (0..n).rev() {
        let mut c = chunks[i];
        let mut tmp = [0u8; 19];
        for j in (0..19).rev() {
            tmp[j] = b'0' + (c % 10) as u8;
            c /= 10;
        }
        let start = if i == n - 1 { tmp.iter().position(|&d| d != b'0').unwrap_or(18) } else { 0 };
        for &d in &tmp[start..] {
            out[len] = d;
            len += 1;
        }
    }
    len
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// random value with exactly `bits` significant bits
fn make<T: Big>(rng: &mut Rng, bits: u32) -> T {
    let limbs = bits.div_ceil(64);
    let mut x = T::from_u64(0);
    for i in (0..limbs).rev() {
        let mut l = rng.next();
        if i == limbs - 1 {
            let top = bits - 64 * (limbs - 1); // 1..=64
            if top < 64 {
                l &= (1u64 << top) - 1;
            }
            l |= 1u64 << (top - 1);
        }
        x = x.shl(64).or(T::from_u64(l));
    }
    x
}

const RUNS: usize = 7;
fn time_ns<F: FnMut(usize)>(mut f: F) -> f64 {
    // calibrate so one run lasts ~8 ms
    let mut iters = 64usize;
    loop {
        let t = Instant::now();
        for i in 0..iters {
            f(i)
        }
        let e = t.elapsed().as_secs_f64();
        if e > 0.004 {
            iters = ((iters as f64) * 0.008 / e) as usize + 1;
            break;
        }
        iters *= 4;
    }
    let mut v = [0f64; RUNS];
    for r in v.iter_mut() {
        let t = Instant::now();
        for i in 0..iters {
            f(i)
        }
        *r = t.elapsed().as_secs_f64() * 1e9 / iters as f64;
    }
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[RUNS / 2]
}

const OPS: [&str; 8] = ["mul_small", "add", "rem_small", "div_small", "shl", "shr", "tz", "-"];

fn bench_type<T: Big>(rows: &mut Vec<String>) {
    let mut rng = Rng(0x9E3779B97F4A7C15);
    for &bits in &[64u32, 256, 1000] {
        let xs: Vec<T> = (0..16).map(|_| make::<T>(&mut rng, bits)).collect();
        let ys: Vec<T> = (0..16).map(|_| make::<T>(&mut rng, bits)).collect();
        let tzs: Vec<T> = xs.iter().map(|x| x.shr(bits / 2).shl(bits / 2)).collect();
        let smalls = [3u64.pow(13), 7u64.pow(7), 5u64.pow(8)]; // <= 21 bits so 1000-bit * small fits 1024
        let divs = [3u64, 5, 7];
        let mut res = Vec::new();
        res.push(time_ns(|i| {
            black_box(black_box(xs[i & 15]).checked_mul_small(black_box(smalls[i % 3])));
        }));
        res.push(time_ns(|i| {
            black_box(black_box(xs[i & 15]).checked_add(black_box(ys[i & 15])));
        }));
        res.push(time_ns(|i| {
            black_box(black_box(xs[i & 15]).rem_small(black_box(divs[i % 3])));
        }));
        res.push(time_ns(|i| {
            black_box(black_box(xs[i & 15]).div_small(black_box(divs[i % 3])));
        }));
        res.push(time_ns(|i| {
            black_box(black_box(xs[i & 15]).shl(black_box(17)));
        }));
        res.push(time_ns(|i| {
            black_box(black_box(xs[i & 15]).shr(black_box(17)));
        }));
        res.push(time_ns(|i| {
            black_box(black_box(tzs[i & 15]).tz());
        }));
        let cells: Vec<String> = res.iter().map(|v| format!("{:.1}", v)).collect();
        rows.push(format!("| {} | {} | {} | {} |", T::NAME, T::WIDTH, bits, cells.join(" | ")));
    }
}

fn bench_answer<T: Big>(rows: &mut Vec<String>) {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let xs: Vec<T> = (0..16).map(|_| make::<T>(&mut rng, 978)).collect();
    let ds: Vec<T> = (0..16).map(|_| make::<T>(&mut rng, 980)).collect();
    let scale = T::from_u64(2_000_000_000_000); // 10^12 * 2
                                                // correctness check: compare with generic decimal through u128 for a small case
    let q = T::from_u64(5).wrapping_mul(scale).wrapping_add(T::from_u64(7)).div_big(T::from_u64(14));
    let mut b = [0u8; 1024];
    let n = generic_decimal(q, &mut b);
    assert_eq!(&b[..n], format!("{}", (5u128 * 2_000_000_000_000 + 7) / 14).as_bytes(), "{}", T::NAME);
    let e = time_ns(|i| {
        let x = black_box(xs[i & 15]);
        let d = black_box(ds[i & 15]);
        black_box(x.wrapping_mul(scale).wrapping_add(d).div_big(d.wrapping_add(d)));
    });
    let dec = time_ns(|i| {
        let mut b = [0u8; 1024];
        black_box(generic_decimal(black_box(xs[i & 15]), &mut b));
    });
    let mut tb = Buf { b: [0; 1024], n: 0 };
    let native = if xs[0].native_decimal(&mut tb) {
        let n = generic_decimal(xs[0], &mut b);
        assert_eq!(&b[..n], &tb.b[..tb.n], "native decimal mismatch {}", T::NAME);
        format!(
            "{:.0}",
            time_ns(|i| {
                let mut tb = Buf { b: [0; 1024], n: 0 };
                black_box(black_box(xs[i & 15]).native_decimal(&mut tb));
                black_box(tb.n);
            })
        )
    } else {
        "n/a (needs alloc)".to_string()
    };
    rows.push(format!("| {} | {} | {:.0} | {:.0} | {} |", T::NAME, T::WIDTH, e, dec, native));
}

fn main() {
    let filter = std::env::args().nth(1).unwrap_or_default();
    let mut rows = Vec::new();
    let mut ans = Vec::new();
    imps::for_each(&filter, &mut rows, &mut ans);
    println!("### (a)-(d) ns/op (median of {RUNS} runs)\n");
    println!("| crate/type | width | value bits | {} |", OPS[..7].join(" | "));
    println!("|---|---|---|{}", "---|".repeat(7));
    for r in &rows {
        println!("{r}")
    }
    println!("\n### (e) answer step `(x*2e12 + d) / (2d)` with ~980-bit x,d, and 978-bit -> decimal, ns/op\n");
    println!(
        "| crate/type | width | (x*2e12+d)/(2d) | decimal (generic, div by 1e19) | decimal (native no-alloc Display) |"
    );
    println!("|---|---|---|---|---|");
    for r in &ans {
        println!("{r}")
    }
}
pub(crate) use bench_answer as ba;
pub(crate) use bench_type as bt;
