//! A maximum-weight matching among the maximum-cardinality matchings of a general graph, in
//! caller memory: Edmonds' blossoms with the primal-dual scheme of Galil ("Efficient algorithms
//! for finding maximum matching in graphs", 1986), integer duals, in the structure of Joris van
//! Rantwijk's `mwmatching` (the least-slack edge lists of each blossom included).
//!
//! The graph is an edge list with `i64` weights. Edge `k` has the endpoints `2k` and `2k + 1`
//! (vertex `end[2k]` and `end[2k + 1]`); `p ^ 1` is the other endpoint of `p`. Duals are kept
//! doubled as in the usual integer formulation: the slack of edge `k = (i, j)` is
//! `dual[i] + dual[j] − 2·w(k)` (plus nothing for blossoms, whose duals only matter inside
//! them), and every edge of the matching and of a blossom is tight (slack 0). With integer
//! weights every slack between two outer vertices is even, so all arithmetic is on integers.
//!
//! What makes it fast on the graphs of [`pair`](super), each a state or a step the textbook
//! algorithm takes too, so the optimum is the same:
//! - **A warm start**: any matching of edges of the greatest weight, every vertex dual at that
//!   weight, and (`form_blossom`) blossoms of such edges around a free vertex, as the stages
//!   would build them one merge at a time.
//! - **One tree at a time** while the graph has a perfect matching (then any perfect matching
//!   of greatest weight is optimal by LP duality, whatever the free vertices' duals): a stage
//!   explores the neighbourhood of one free vertex, not of all of them.
//! - **Lazy duals**: a dual change adds to a running total, not to every labelled vertex; a
//!   vertex's dual is settled when its blossom or label changes.
//! - **A new blossom takes its largest outer child's number** (`rename`), so most of its
//!   vertices are neither relabelled nor settled: a blossom grown one pair at a time costs the
//!   pairs added, not its size each time.
//! - The dual change looks only at the nodes labelled in the stage.
//!
//! Memory: [`words_needed`] words for `V` vertices and `m` edges, all of it in one slice.
//! Time: `O(V)` stages of `O(V² + V·m)` each in the worst case; on the graphs of
//! [`pair`](super) (a warm start leaves a few free vertices) a stage scans about one edge set.
//!
//! # Index checks: why none fails
//! The stages index their arrays directly, and those checks are the panic calls the
//! firmware's typed images keep from the core (`scripts/panic-sites.sh --list`: 65 to 180
//! call instructions, by board), each unreachable for the reasons below, which the comments
//! `Unreachable: I1`…`I4` name where they apply. What runs once (`new`, `start`,
//! `form_blossom`), the calls from [`pair`](super) (`set_edge`, `weight`, `mate_of`,
//! `mate_edge`), the small accessors and walks (`w`, `dual`, `stamp`, `vertex`, `slack`,
//! `is_allowed`, `allow`, `first_leaf`, `next_leaf`, `position`, `neighbour`,
//! `step_endpoint`) and the stacks (`push`, `list_active`, `set_fringe_best`) use iterators
//! or `get` with a fallback that is never taken (a walk stops where it would have panicked),
//! and keep none. Doing the same in the stages' bodies would cost the hot loops
//! (`vertex_dual`, `consider`, `solve`'s scan) their speed or the code its shape; their
//! checks stay, documented:
//! - **I1, lengths.** [`Matcher::new`] carves every array to the length its field says from
//!   at least [`words_needed`] words: `V` or `V + 1` per vertex (`mate`, `in_blossom`,
//!   `trace`, `unused`, `fringe`, `in_fringe`; `adj_start`, `queue`), `2V` per node (vertices
//!   `0..V`, blossoms `V..2V`: `label`, `label_end`, `parent`, `first`, `next`, `prev`,
//!   `endp`, `base`, `best`, `list_start`, `list_len`, `best_to`, `touched`, `active`,
//!   `in_active`, `size`, `dual`, `stamp`), `2m` per endpoint (`end`, `adj`), `4V` (`pool`).
//! - **I2, values.** `end` holds vertices `< V` ([`Matcher::set_edge`]'s precondition, which
//!   [`pair`](super) keeps: its places are `< V`, the bye is `V − 1`, and it sets each of the
//!   `m` edges it counted); `adj_start` holds offsets `≤ 2m` (counts of endpoints), so
//!   `adj_start[v]..adj_start[v + 1]` is within `adj`; `adj`, `mate`, `label_end`, `endp`
//!   hold endpoints `< 2m`, `best`, `best_to`, `pool` edges `< m`, and `in_blossom`,
//!   `parent`, `first`, `next`, `prev`, `base`, `unused`, `trace`, `touched`, `active` nodes
//!   `< 2V`, each or `NONE`; and a `NONE` is compared before it is used (a free vertex's
//!   mate, a root's label end, a top-level node's parent, an empty list), as in mwmatching.
//!   A blossom's children form a cycle through `next`/`prev` that `first` enters, and a
//!   vertex's chain of `parent`s reaches its top-level blossom: the walks over them stay on
//!   nodes.
//! - **I3, stacks.** Each is bounded by what can be on it at once: `queue` by `V + 1` (see
//!   [`Matcher::push`]), `trace` by `V` (a top-level blossom is traced once a call), `unused`
//!   by `V` (blossom numbers `V..2V`, each given out once and returned once), `active` by `2V`
//!   and `fringe` by `V` (each node or vertex listed once a stage, by its stamp in
//!   `in_active`/`in_fringe`), `touched` by `2V` (each blossom once a call, `best_to` reset
//!   after), `pool` by `4V` (a list that does not fit is not kept).
//! - **I4, arithmetic.** `2k + 1 < 2m` for an edge `k < m`; `p ^ 1 < 2m` for an endpoint
//!   `p < 2m` (the endpoints of an edge are `2k`, `2k + 1`); `v + 1 ≤ V` for a vertex `v`.
//!
//! The unit test below holds the matcher to an exhaustive search on every small random graph
//! (any out-of-range index would panic there), and `pair`'s tests and fuzzing to the
//! exhaustive pairing.

// Every vertex, node, endpoint and edge number is below `2V + 2m`, which the caller keeps
// within `u32` ([`fits`]): the `as u32` conversions of indices cannot truncate.
#![allow(clippy::cast_possible_truncation)]

/// Whether a graph of `vertices` and `edges` has every number of the matcher within `u32`.
pub(crate) fn fits(vertices: usize, edges: usize) -> bool {
    vertices.checked_mul(2).and_then(|v| v.checked_add(edges.checked_mul(2)?)).is_some_and(|n| n < NONE as usize)
}

/// No vertex, edge, endpoint or blossom.
const NONE: u32 = u32::MAX;
/// Labels of top-level blossoms (and, for bookkeeping, of vertices).
const FREE: u32 = 0;
const OUTER: u32 = 1;
const INNER: u32 = 2;
/// A temporary mark while two paths are traced back.
const MARK: u32 = 4;

/// Words of scratch for `vertices` vertices and `edges` edges, if that fits a `usize`: the edge
/// list (`2m` endpoints, `2m` weight words), the adjacency (`V + 1 + 2m`), the allowed-edge
/// bits (`m/32`), and 52 words per vertex for the blossom forest, its edge lists and the
/// duals.
///
/// # Complexity
/// `O(1)`.
pub(crate) const fn words_needed(vertices: usize, edges: usize) -> Option<usize> {
    let (Some(per_edge), Some(per_vertex)) = (edges.checked_mul(6), vertices.checked_mul(VERTEX_WORDS)) else {
        return None;
    };
    let Some(edge_words) = per_edge.checked_add(edges.div_ceil(32)) else { return None };
    match edge_words.checked_add(per_vertex) {
        Some(words) => words.checked_add(2),
        None => None,
    }
}

/// Words per vertex: mate, in-blossom, queue, trace, unused and adjacency start (6); per node
/// (`2V` nodes: vertices and blossoms) label, label end, parent, first child, next, previous,
/// endpoint, base, best edge, list start and length, best edge to it and touched mark
/// (13 × 2), its dual and its label's stamp (4 × 2), its place in the list of labelled nodes
/// (2 × 2) and its size (2); the pool of edge lists (4); the list of free vertices with a best
/// edge (2).
const VERTEX_WORDS: usize = 52;

/// The first `len` words of `rest`, which keeps the others (one out-of-line split for all the
/// matcher's arrays).
#[inline(never)]
fn carve<'w>(rest: &mut &'w mut [u32], len: usize) -> &'w mut [u32] {
    // `Matcher::new`'s caller passes at least `words_needed` words, the sum of the lengths
    // carved: the empty fallback is never taken, and leaves no panic call.
    let words = core::mem::take(rest);
    let (taken, others) = words.split_at_mut_checked(len).unwrap_or_default();
    *rest = others;
    taken
}

/// The first `len` pairs of words of `rest` (two words each), which keeps the others.
fn carve_pairs<'w>(rest: &mut &'w mut [u32], len: usize) -> &'w mut [[u32; 2]] {
    carve(rest, 2 * len).as_chunks_mut::<2>().0
}

/// `words[i]`, or `NONE` past the end (where it is used, never the case).
fn at(words: &[u32], i: usize) -> u32 {
    words.get(i).copied().unwrap_or(NONE)
}

/// Sets `words[i]` (nothing past the end: where it is used, never the case).
fn put(words: &mut [u32], i: usize, value: u32) {
    if let Some(word) = words.get_mut(i) {
        *word = value;
    }
}

/// The `i64` stored in two words, low first.
fn join([lo, hi]: [u32; 2]) -> i64 {
    #[allow(clippy::cast_possible_wrap)]
    let hi = i64::from(hi as i32);
    hi << 32 | i64::from(lo)
}

/// An `i64` as two words, low first.
fn split(value: i64) -> [u32; 2] {
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    [value as u32, (value >> 32) as u32]
}

/// The overflow of a dual variable (only for weights near `i64::MAX / V`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Overflow;

/// The matcher over one graph in scratch words.
pub(crate) struct Matcher<'w> {
    nv: usize,
    /// `2m`: the vertex of each endpoint.
    end: &'w mut [u32],
    /// `m`: the weight of edge `k`, low word first.
    weight: &'w mut [[u32; 2]],
    /// `V + 1` offsets into `adj`.
    adj_start: &'w mut [u32],
    /// `2m`: for each vertex, the remote endpoints of its edges.
    adj: &'w mut [u32],
    /// The remote endpoint of each vertex's matched edge.
    mate: &'w mut [u32],
    in_blossom: &'w mut [u32],
    /// The number of vertices in each node.
    size: &'w mut [u32],
    /// A stack of outer vertices to scan (`V + 1`: see [`Matcher::push`]).
    queue: &'w mut [u32],
    queue_len: usize,
    /// The blossoms [`Matcher::scan_blossom`] marks.
    trace: &'w mut [u32],
    unused: &'w mut [u32],
    unused_len: usize,
    label: &'w mut [u32],
    label_end: &'w mut [u32],
    parent: &'w mut [u32],
    first: &'w mut [u32],
    next: &'w mut [u32],
    prev: &'w mut [u32],
    /// For a child `c` of a blossom: the endpoint in `c` of the edge to its next sibling.
    endp: &'w mut [u32],
    base: &'w mut [u32],
    best: &'w mut [u32],
    /// `2V`: the dual of each node, low word first.
    dual: &'w mut [[u32; 2]],
    allowed: &'w mut [u32],
    /// For an outer blossom: where its least-slack edges to other outer blossoms (one per
    /// blossom, mwmatching's `blossombestedges`) start in `pool` (`NONE`: no list; its
    /// vertices' edges are scanned instead), and how many there are.
    list_start: &'w mut [u32],
    list_len: &'w mut [u32],
    /// The lists of this stage, end to end (`4V` words; a list that does not fit is not kept).
    pool: &'w mut [u32],
    pool_len: usize,
    /// [`Matcher::add_blossom`]'s least-slack edge to each blossom (`NONE` between calls) and
    /// the blossoms it set.
    best_to: &'w mut [u32],
    touched: &'w mut [u32],
    /// The dual change of this stage so far. A vertex's dual is kept as it was when its
    /// top-level blossom took its label; [`Matcher::vertex_dual`] adds the change since then
    /// (`−` outer, `+` inner), so that a dual change costs `O(blossoms)`, not `O(V)`.
    total: i64,
    /// For each top-level node: `total` when it took its label (2 words each).
    stamp: &'w mut [[u32; 2]],
    /// The nodes labelled this stage (each once: `in_active` holds the stage it was listed
    /// in, plus one), and the vertices given a best edge while free (`in_fringe` likewise):
    /// the dual change looks at these, not at every node.
    active: &'w mut [u32],
    active_len: usize,
    in_active: &'w mut [u32],
    fringe: &'w mut [u32],
    fringe_len: usize,
    in_fringe: &'w mut [u32],
    /// The stage, plus one (0: none yet).
    stage: u32,
}

impl<'w> Matcher<'w> {
    /// Carves a matcher for `vertices` vertices and `edges` edges out of `words` (at least
    /// [`words_needed`] long); the edges are then set with [`Matcher::set_edge`].
    pub(crate) fn new(vertices: usize, edges: usize, words: &'w mut [u32]) -> Self {
        let (nv, ne) = (vertices, edges);
        let mut rest = words;
        let end = carve(&mut rest, 2 * ne);
        let weight = carve_pairs(&mut rest, ne);
        let adj_start = carve(&mut rest, nv + 1);
        let adj = carve(&mut rest, 2 * ne);
        let allowed = carve(&mut rest, ne.div_ceil(32));
        let mate = carve(&mut rest, nv);
        let in_blossom = carve(&mut rest, nv);
        let queue = carve(&mut rest, nv + 1);
        let trace = carve(&mut rest, nv);
        let unused = carve(&mut rest, nv);
        let label = carve(&mut rest, 2 * nv);
        let label_end = carve(&mut rest, 2 * nv);
        let parent = carve(&mut rest, 2 * nv);
        let first = carve(&mut rest, 2 * nv);
        let next = carve(&mut rest, 2 * nv);
        let prev = carve(&mut rest, 2 * nv);
        let endp = carve(&mut rest, 2 * nv);
        let base = carve(&mut rest, 2 * nv);
        let best = carve(&mut rest, 2 * nv);
        let dual = carve_pairs(&mut rest, 2 * nv);
        let list_start = carve(&mut rest, 2 * nv);
        let list_len = carve(&mut rest, 2 * nv);
        let best_to = carve(&mut rest, 2 * nv);
        let touched = carve(&mut rest, 2 * nv);
        let pool = carve(&mut rest, 4 * nv);
        let stamp = carve_pairs(&mut rest, 2 * nv);
        let active = carve(&mut rest, 2 * nv);
        let in_active = carve(&mut rest, 2 * nv);
        let fringe = carve(&mut rest, nv);
        let in_fringe = carve(&mut rest, nv);
        let size = carve(&mut rest, 2 * nv);
        Self {
            nv,
            end,
            weight,
            adj_start,
            adj,
            mate,
            in_blossom,
            size,
            queue,
            queue_len: 0,
            trace,
            unused,
            unused_len: 0,
            label,
            label_end,
            parent,
            first,
            next,
            prev,
            endp,
            base,
            best,
            dual,
            allowed,
            list_start,
            list_len,
            pool,
            pool_len: 0,
            best_to,
            touched,
            total: 0,
            stamp,
            active,
            active_len: 0,
            in_active,
            fringe,
            fringe_len: 0,
            in_fringe,
            stage: 0,
        }
    }

    /// Sets edge `k` to join `i` and `j` with weight `w`.
    /// `k < m` and `i, j < V` (the caller counts its edges first): nothing is set otherwise,
    /// and no panic call is left.
    pub(crate) fn set_edge(&mut self, k: usize, i: u32, j: u32, w: i64) {
        if let Some([a, b]) = self.end.get_mut(2 * k..2 * k + 2) {
            (*a, *b) = (i, j);
        }
        if let Some(weight) = self.weight.get_mut(k) {
            *weight = split(w);
        }
    }

    /// The weight of edge `k`.
    pub(crate) fn weight(&self, k: usize) -> i64 {
        self.w(k)
    }

    /// The weight of edge `k < m` (every edge number the matcher holds is one: the zero
    /// fallback is never taken, and leaves no panic call).
    fn w(&self, k: usize) -> i64 {
        self.weight.get(k).copied().map_or(0, join)
    }

    /// The dual of vertex `v` now (see [`Matcher::total`]).
    fn vertex_dual(&self, v: usize) -> i128 {
        // Unreachable: vertex `v < V`, its top-level node `< 2V` (I1, I2). (Indexed: with `get`
        // and fallbacks, the hottest function of the stages cost `pair` 0.4 % more.)
        let b = self.in_blossom[v] as usize;
        let stored = i128::from(self.dual(v));
        let since = i128::from(self.total) - i128::from(self.stamp(b));
        match self.label[b] & !MARK {
            OUTER => stored - since,
            INNER => stored + since,
            _ => stored,
        }
    }

    /// Stores vertex `v`'s dual now, before its top-level blossom or label changes.
    fn settle(&mut self, v: usize) -> Result<(), Overflow> {
        self.settle_into(v, None)
    }

    /// Stores vertex `v`'s dual now; with `into` an outer blossom about to hold it, relative to
    /// that blossom's stamp (so that under it the dual stays what it is now).
    fn settle_into(&mut self, v: usize, into: Option<usize>) -> Result<(), Overflow> {
        let mut now = self.vertex_dual(v);
        if let Some(b) = into {
            now += i128::from(self.total) - i128::from(self.stamp(b));
        }
        self.set_dual(v, i64::try_from(now).map_err(|_| Overflow)?);
        Ok(())
    }

    /// Gives node `fresh` (a new blossom, `big` among its children) and node `big` each
    /// other's numbers: the new blossom becomes `big`, whose vertices then keep their
    /// `in_blossom` and stored duals, and `big`'s content becomes `fresh`, a child of it.
    fn rename(&mut self, fresh: usize, big: usize) {
        // Unreachable: `fresh`, `big` and the children walked are nodes `< 2V` (I1, I2).
        for column in [
            &mut *self.first,
            &mut *self.base,
            &mut *self.label,
            &mut *self.label_end,
            &mut *self.best,
            &mut *self.list_start,
            &mut *self.list_len,
            &mut *self.size,
            &mut *self.next,
            &mut *self.prev,
            &mut *self.endp,
            &mut *self.parent,
        ] {
            column.swap(fresh, big);
        }
        self.dual.swap(fresh, big);
        if self.first[big] as usize == big {
            self.first[big] = fresh as u32;
        }
        let (p, n) = (self.prev[fresh] as usize, self.next[fresh] as usize);
        self.next[p] = fresh as u32;
        self.prev[n] = fresh as u32;
        for (holder, id) in [(fresh, fresh), (big, big)] {
            let first = self.first[holder] as usize;
            let mut c = first;
            loop {
                self.parent[c] = id as u32;
                c = self.next[c] as usize;
                if c == first {
                    break;
                }
            }
        }
    }

    // The node accessors below take a node `b < 2V` (module docs, "Index checks"): their
    // fallbacks are never taken, and leave no panic call.

    /// `total` when top-level node `b` took its label.
    fn stamp(&self, b: usize) -> i64 {
        self.stamp.get(b).copied().map_or(0, join)
    }

    /// Marks top-level node `b` as labelled now.
    fn set_stamp(&mut self, b: usize) {
        if let Some(stamp) = self.stamp.get_mut(b) {
            *stamp = split(self.total);
        }
    }

    /// The stored dual of node `b` (a blossom's is always current).
    fn dual(&self, b: usize) -> i64 {
        self.dual.get(b).copied().map_or(0, join)
    }

    fn set_dual(&mut self, b: usize, value: i64) {
        if let Some(dual) = self.dual.get_mut(b) {
            *dual = split(value);
        }
    }

    /// The vertex of endpoint `p < 2m` (every endpoint the matcher holds is one: the `NONE`
    /// fallback is never taken, and leaves no panic call).
    fn vertex(&self, p: u32) -> usize {
        self.end.get(p as usize).map_or(NONE as usize, |&v| v as usize)
    }

    /// The doubled slack of edge `k` (in `i128`: three `i64` terms cannot overflow it).
    fn slack(&self, k: usize) -> i128 {
        // Edge `k < m` (I4), its ends vertices `< V` (I2): the fallbacks are never taken.
        let (i, j) = (at(self.end, 2 * k) as usize, at(self.end, 2 * k + 1) as usize);
        self.vertex_dual(i) + self.vertex_dual(j) - 2 * i128::from(self.w(k))
    }

    /// Whether edge `k < m` is allowed (`allowed` has `⌈m/32⌉` words: the fallback is never
    /// taken, and leaves no panic call).
    fn is_allowed(&self, k: usize) -> bool {
        self.allowed.get(k / 32).is_some_and(|bits| bits >> (k % 32) & 1 != 0)
    }

    fn allow(&mut self, k: usize) {
        if let Some(bits) = self.allowed.get_mut(k / 32) {
            *bits |= 1 << (k % 32);
        }
    }

    /// Builds the adjacency, puts every vertex alone with dual `max(0, greatest weight)`, and
    /// matches greedily (in vertex and edge order) the edges of that weight. Returns that dual.
    pub(crate) fn start(&mut self) -> i64 {
        // No index check: iterators over the arrays, and `get` where an index comes from the
        // graph (`end` holds vertices `< V`, I2; the fallbacks are never taken).
        let nv = self.nv;
        self.adj_start.fill(0);
        for &v in self.end.iter() {
            if let Some(count) = self.adj_start.get_mut(v as usize + 1) {
                *count += 1;
            }
        }
        let mut sum = 0;
        for offset in self.adj_start.iter_mut() {
            sum += *offset;
            *offset = sum;
        }
        // Fill each vertex's list in edge order, using `mate` as the running cursor.
        for (cursor, &offset) in self.mate.iter_mut().zip(self.adj_start.iter()) {
            *cursor = offset;
        }
        for (p, &v) in self.end.iter().enumerate() {
            if let Some(cursor) = self.mate.get_mut(v as usize) {
                // The remote endpoint of `v`'s side.
                put(self.adj, *cursor as usize, (p ^ 1) as u32);
                *cursor += 1;
            }
        }
        let top = self.weight.iter().map(|&w| join(w)).max().unwrap_or(0).max(0);
        for (v, (mate, in_blossom)) in self.mate.iter_mut().zip(self.in_blossom.iter_mut()).enumerate() {
            *mate = NONE;
            *in_blossom = v as u32;
        }
        for (b, size) in self.size.iter_mut().enumerate() {
            *size = u32::from(b < nv);
        }
        for (b, (base, dual)) in self.base.iter_mut().zip(self.dual.iter_mut()).enumerate() {
            (*base, *dual) = if b < nv { (b as u32, split(top)) } else { (NONE, [0; 2]) };
        }
        self.parent.fill(NONE);
        self.first.fill(NONE);
        self.label.fill(FREE);
        self.label_end.fill(NONE);
        self.best.fill(NONE);
        self.best_to.fill(NONE);
        self.list_start.fill(NONE);
        self.stamp.fill([0; 2]);
        self.total = 0;
        self.in_active.fill(0);
        self.in_fringe.fill(0);
        self.stage = 0;
        self.unused_len = 0;
        for (slot, b) in self.unused.iter_mut().zip((nv..2 * nv).rev()) {
            *slot = b as u32;
            self.unused_len += 1;
        }
        for v in 0..nv {
            if self.mate.get(v) != Some(&NONE) {
                continue;
            }
            let found = self.adjacent(v).iter().copied().find(|&p| {
                let u = self.vertex(p);
                u != v && self.mate.get(u) == Some(&NONE) && self.w(p as usize / 2) == top
            });
            if let Some(p) = found {
                put(self.mate, v, p);
                put(self.mate, self.vertex(p), p ^ 1);
            }
        }
        top
    }

    /// The remote endpoints of vertex `v`'s edges (`v < V`, I2: never the empty fallback).
    fn adjacent(&self, v: usize) -> &[u32] {
        let from = self.adj_start.get(v).map_or(0, |&a| a as usize);
        let to = self.adj_start.get(v + 1).map_or(0, |&a| a as usize);
        self.adj.get(from..to).unwrap_or_default()
    }

    /// Makes a blossom of `cycle` before the first stage: `cycle[0]` a free vertex (the base),
    /// then matched pairs `cycle[1] = cycle[2]`, `cycle[3] = cycle[4]`, ..., every other
    /// consecutive pair (and the last with the first) joined by an edge of the greatest weight.
    /// With every dual at that weight and the blossom's at 0, this is a state the algorithm
    /// reaches by itself (a blossom it would grow from the base one pair at a time); it saves
    /// it those merges. Returns whether the blossom was made (not when an edge is missing or a
    /// vertex is already in a blossom).
    pub(crate) fn form_blossom(&mut self, cycle: &[u32], top: i64) -> bool {
        // No index check: `get` throughout (the caller's `cycle` holds vertices `< V`, and a
        // blossom number is free, checked: the fallbacks are never taken).
        let Some(&base) = cycle.first() else { return false };
        let len = cycle.len();
        if len < 3 || len.is_multiple_of(2) || self.unused_len == 0 || self.mate.get(base as usize) != Some(&NONE) {
            return false;
        }
        // Each member with the next one, the last with the first.
        let links = || cycle.iter().zip(cycle.iter().skip(1).chain([&base])).map(|(&c, &nx)| (c as usize, nx as usize));
        // Check every link first; `endp` of each vertex then names it.
        for (i, (c, nx)) in links().enumerate() {
            if self.in_blossom.get(c) != Some(&(c as u32)) {
                return false;
            }
            let p = if i % 2 == 1 {
                // The matched edge: `mate[c]` is its endpoint at `nx`.
                let m = self.mate.get(c).copied().unwrap_or(NONE);
                if m == NONE || self.vertex(m) != nx {
                    return false;
                }
                m ^ 1
            } else {
                let found =
                    self.adjacent(c).iter().copied().find(|&p| self.vertex(p) == nx && self.w(p as usize / 2) == top);
                match found {
                    Some(p) => p ^ 1,
                    None => return false,
                }
            };
            put(self.endp, c, p);
        }
        self.unused_len -= 1;
        let b = self.unused.get(self.unused_len).map_or(NONE as usize, |&b| b as usize);
        put(self.base, b, base);
        put(self.parent, b, NONE);
        put(self.first, b, base);
        self.set_dual(b, 0);
        for (c, nx) in links() {
            put(self.next, c, nx as u32);
            put(self.prev, nx, c as u32);
            put(self.parent, c, b as u32);
            put(self.in_blossom, c, b as u32);
        }
        true
    }

    /// The vertex matched to `v`, if any.
    /// `None` too for `v ≥ V` (never asked: the caller's vertices are below `V`).
    pub(crate) fn mate_of(&self, v: usize) -> Option<usize> {
        let p = self.mate.get(v).copied().unwrap_or(NONE);
        (p != NONE).then(|| self.vertex(p))
    }

    /// The edge matched at `v`, if any (`None` too for `v ≥ V`, never asked).
    pub(crate) fn mate_edge(&self, v: usize) -> Option<usize> {
        let p = self.mate.get(v).copied().unwrap_or(NONE);
        (p != NONE).then_some(p as usize / 2)
    }

    /// The first leaf of the blossom tree `b`.
    fn first_leaf(&self, mut b: usize) -> usize {
        // A blossom's `first` child is a node (I2): the walk never stops short.
        while b >= self.nv {
            match self.first.get(b) {
                Some(&first) => b = first as usize,
                None => break,
            }
        }
        b
    }

    /// The leaf after `v` in the blossom tree `root`, if any.
    fn next_leaf(&self, root: usize, v: usize) -> Option<usize> {
        // The walk goes up `parent`s and along `next` within `root`'s tree, on nodes (I2): it
        // never stops short.
        let mut c = v;
        loop {
            if c == root {
                return None;
            }
            let (Some(&p), Some(&n)) = (self.parent.get(c), self.next.get(c)) else { return None };
            if n != at(self.first, p as usize) {
                return Some(self.first_leaf(n as usize));
            }
            c = p as usize;
        }
    }

    /// Queues outer vertex `v`. A vertex turns outer at most once a stage, and the dual change
    /// queues one vertex only when the queue is empty: `V + 1` entries suffice.
    /// Lists top-level node `b` as labelled this stage (once).
    fn list_active(&mut self, b: usize) {
        // `b < 2V`; each node listed once a stage, so `active_len < 2V` (I1, I3): the `get`s
        // always find their word.
        if let Some(listed) = self.in_active.get_mut(b).filter(|listed| **listed != self.stage) {
            *listed = self.stage;
            if let Some(slot) = self.active.get_mut(self.active_len) {
                *slot = b as u32;
                self.active_len += 1;
            }
        }
    }

    /// Sets free vertex `w`'s best edge to `k`, listing `w` (once a stage).
    fn set_fringe_best(&mut self, w: usize, k: usize) {
        // Vertex `w < V`, listed once a stage, so `fringe_len < V` (I1, I3): the `get`s always
        // find their word.
        put(self.best, w, k as u32);
        if let Some(listed) = self.in_fringe.get_mut(w).filter(|listed| **listed != self.stage) {
            *listed = self.stage;
            if let Some(slot) = self.fringe.get_mut(self.fringe_len) {
                *slot = w as u32;
                self.fringe_len += 1;
            }
        }
    }

    fn push(&mut self, v: usize) {
        // At most `V + 1` entries (above; I3): the slot is always there.
        if let Some(slot) = self.queue.get_mut(self.queue_len) {
            *slot = v as u32;
            self.queue_len += 1;
        }
    }

    fn assign_label(&mut self, w: usize, t: u32, p: u32) {
        // Unreachable: vertex `w < V`, its top-level node and base (I2); an inner blossom's
        // base is matched, so `mate[base]` is an endpoint, not `NONE` (the tree's structure).
        let b = self.in_blossom[w] as usize;
        self.label[w] = t;
        self.label[b] = t;
        self.set_stamp(b);
        self.list_active(b);
        self.label_end[w] = p;
        self.label_end[b] = p;
        self.best[w] = NONE;
        self.best[b] = NONE;
        if t == OUTER {
            let mut v = self.first_leaf(b);
            loop {
                self.push(v);
                match self.next_leaf(b, v) {
                    Some(n) => v = n,
                    None => break,
                }
            }
        } else {
            let base = self.base[b] as usize;
            let m = self.mate[base];
            self.assign_label(self.vertex(m), OUTER, m ^ 1);
        }
    }

    /// Traces back from `v` and `w` (mwmatching's `scanBlossom`): the base of the blossom the
    /// two paths close, or `None` when they reach two different free vertices (an augmenting
    /// path).
    fn scan_blossom(&mut self, v: usize, w: usize) -> Option<usize> {
        // Unreachable: vertices and their top-level nodes (I2); `traced < V` (I3); a label end
        // is compared with `NONE` before it is followed.
        let mut found = None;
        let mut traced = 0;
        let (mut v, mut w) = (Some(v), Some(w));
        // `v` is always the path still going when one is.
        while let Some(cv) = v {
            let b = self.in_blossom[cv] as usize;
            if self.label[b] & MARK != 0 {
                found = Some(self.base[b] as usize);
                break;
            }
            // A top-level blossom is traced at most once: `traced < V`.
            self.trace[traced] = b as u32;
            traced += 1;
            self.label[b] = OUTER | MARK;
            v = (self.label_end[b] != NONE).then(|| {
                let t = self.vertex(self.label_end[b]);
                self.vertex(self.label_end[self.in_blossom[t] as usize])
            });
            if w.is_some() {
                core::mem::swap(&mut v, &mut w);
            }
        }
        for i in 0..traced {
            self.label[self.trace[i] as usize] = OUTER;
        }
        found
    }

    /// Makes a blossom of the cycle that edge `k` closes through `base` (mwmatching's
    /// `addBlossom`). The children, from the base child: the `v` side from the base towards
    /// `v`, then the `w` side from `w` back to the base; `endp[c]` is the endpoint in `c` of the
    /// edge to the next child.
    fn add_blossom(&mut self, base: usize, k: usize) -> Result<(), Overflow> {
        // Unreachable: edge `k < m` (I4), its ends and their nodes (I2); `unused` holds a free
        // number (at most `V/2` blossoms of two or more vertices, I3); `touched` and `pool`
        // bounded (I3).
        let (v, w) = (self.end[2 * k] as usize, self.end[2 * k + 1] as usize);
        let bb = self.in_blossom[base] as usize;
        // A free slot exists: at most V/2 blossoms hold two or more vertices each.
        self.unused_len -= 1;
        let b = self.unused[self.unused_len] as usize;
        self.base[b] = base as u32;
        self.parent[b] = NONE;
        self.parent[bb] = b as u32;
        self.first[b] = bb as u32;
        // The v side, traced from v to the base: each child goes before the one traced before.
        let mut pending = (2 * k) as u32;
        let mut later = NONE;
        let mut v_end = bb;
        let mut bv = self.in_blossom[v] as usize;
        while bv != bb {
            self.parent[bv] = b as u32;
            self.endp[bv] = pending;
            if later == NONE {
                v_end = bv;
            } else {
                self.next[bv] = later;
                self.prev[later as usize] = bv as u32;
            }
            pending = self.label_end[bv];
            later = bv as u32;
            bv = self.in_blossom[self.vertex(self.label_end[bv])] as usize;
        }
        self.endp[bb] = pending;
        if later != NONE {
            self.next[bb] = later;
            self.prev[later as usize] = bb as u32;
        }
        // The w side, traced from w to the base, in that order.
        let mut tail = v_end;
        let mut bw = self.in_blossom[w] as usize;
        while bw != bb {
            self.parent[bw] = b as u32;
            self.next[tail] = bw as u32;
            self.prev[bw] = tail as u32;
            self.endp[bw] = self.label_end[bw] ^ 1;
            tail = bw;
            bw = self.in_blossom[self.vertex(self.label_end[bw])] as usize;
        }
        self.next[tail] = bb as u32;
        self.prev[bb] = tail as u32;
        // The largest outer child blossom lends the new blossom its number (`rename`): its
        // vertices, most of them, are then neither relabelled nor settled, and the new
        // blossom keeps its stamp.
        let (mut big, mut size) = (NONE as usize, 0);
        let mut c = bb;
        loop {
            size += self.size[c];
            if c >= self.nv && self.label[c] == OUTER && (big == NONE as usize || self.size[c] > self.size[big]) {
                big = c;
            }
            c = self.next[c] as usize;
            if c == bb {
                break;
            }
        }
        let (b, bb, kept) = if big == NONE as usize {
            self.set_stamp(b);
            (b, bb, NONE as usize)
        } else {
            self.rename(b, big);
            (big, if bb == big { b } else { bb }, b)
        };
        self.size[b] = size;
        self.best[b] = NONE;
        self.list_start[b] = NONE;
        self.label[b] = OUTER;
        self.list_active(b);
        self.label_end[b] = self.label_end[bb];
        self.set_dual(b, 0);
        let mut c = bb;
        loop {
            if c != kept {
                let inner = self.label[c] == INNER;
                let mut leaf = self.first_leaf(c);
                loop {
                    if inner {
                        // An inner vertex becomes outer inside the new blossom: scan it.
                        self.push(leaf);
                    }
                    self.settle_into(leaf, Some(b))?;
                    self.in_blossom[leaf] = b as u32;
                    match self.next_leaf(c, leaf) {
                        Some(n) => leaf = n,
                        None => break,
                    }
                }
            }
            c = self.next[c] as usize;
            if c == bb {
                break;
            }
        }
        // The least-slack edge from b to each other outer blossom: from the children's lists,
        // or their vertices' edges where they have none.
        let mut touched = 0;
        let mut c = bb;
        loop {
            if self.list_start[c] == NONE {
                let mut leaf = self.first_leaf(c);
                loop {
                    for a in self.adj_start[leaf] as usize..self.adj_start[leaf + 1] as usize {
                        touched = self.consider(b, self.adj[a] as usize / 2, touched);
                    }
                    match self.next_leaf(c, leaf) {
                        Some(n) => leaf = n,
                        None => break,
                    }
                }
            } else {
                let start = self.list_start[c] as usize;
                for i in start..start + self.list_len[c] as usize {
                    touched = self.consider(b, self.pool[i] as usize, touched);
                }
            }
            self.list_start[c] = NONE;
            self.best[c] = NONE;
            c = self.next[c] as usize;
            if c == bb {
                break;
            }
        }
        // Keep the list if the pool has room; choose the least of it.
        let keep = self.pool_len + touched <= self.pool.len();
        if keep {
            self.list_start[b] = self.pool_len as u32;
            self.list_len[b] = touched as u32;
        }
        let mut best = NONE;
        let mut best_slack = 0;
        for i in 0..touched {
            let bj = self.touched[i] as usize;
            let k = self.best_to[bj];
            self.best_to[bj] = NONE;
            if keep {
                self.pool[self.pool_len] = k;
                self.pool_len += 1;
            }
            let slack = self.slack(k as usize);
            if best == NONE || slack < best_slack {
                best = k;
                best_slack = slack;
            }
        }
        self.best[b] = best;
        Ok(())
    }

    /// Offers edge `k` (with an end in the new blossom `b`) as `b`'s least-slack edge to the
    /// outer blossom at its other end; returns the count of blossoms set so far.
    fn consider(&mut self, b: usize, k: usize, mut touched: usize) -> usize {
        // Unreachable: edge `k < m`, its ends and their nodes (I2, I4); each blossom touched
        // once a call (`best_to` is `NONE` until then), so `touched < 2V` (I3).
        let (i, j) = (self.end[2 * k] as usize, self.end[2 * k + 1] as usize);
        let j = if self.in_blossom[j] as usize == b { i } else { j };
        let bj = self.in_blossom[j] as usize;
        if bj != b && self.label[bj] == OUTER {
            let current = self.best_to[bj];
            if current == NONE {
                self.touched[touched] = bj as u32;
                touched += 1;
                self.best_to[bj] = k as u32;
            } else if self.slack(k) < self.slack(current as usize) {
                self.best_to[bj] = k as u32;
            }
        }
        touched
    }

    /// The position of child `t` in blossom `b` (0 = the base child) and the number of children.
    fn position(&self, b: usize, t: usize) -> (usize, usize) {
        // The walk follows the cycle of `b`'s children, nodes (I2): it never stops short.
        let first = at(self.first, b) as usize;
        let (mut c, mut i, mut at) = (first, 0, 0);
        loop {
            if c == t {
                at = i;
            }
            i += 1;
            let Some(&next) = self.next.get(c) else { return (at, i) };
            c = next as usize;
            if c == first {
                return (at, i);
            }
        }
    }

    /// The endpoint, in child `c`, of the edge to its neighbour in direction `forward`.
    fn step_endpoint(&self, c: usize, forward: bool) -> u32 {
        // `c` is a child, `prev[c]` its sibling (I2): the fallbacks are never taken.
        if forward {
            at(self.endp, c)
        } else {
            at(self.endp, at(self.prev, c) as usize) ^ 1
        }
    }

    fn neighbour(&self, c: usize, forward: bool) -> usize {
        // `c` is a child node `< 2V` (I2): the fallback is never taken.
        at(if forward { self.next } else { self.prev }, c) as usize
    }

    fn expand_blossom(&mut self, b: usize, end_stage: bool) -> Result<(), Overflow> {
        // Unreachable: the children of `b`, their leaves, endpoints and label ends (I2, I4);
        // `b` goes back to `unused`, which then holds at most `V` numbers (I3).
        let first = self.first[b] as usize;
        let mut c = first;
        loop {
            let nxt = self.next[c] as usize;
            self.parent[c] = NONE;
            self.set_stamp(c);
            if c < self.nv {
                self.settle(c)?;
                self.in_blossom[c] = c as u32;
            } else if end_stage && self.dual(c) == 0 {
                self.expand_blossom(c, end_stage)?;
            } else {
                let mut v = self.first_leaf(c);
                loop {
                    self.settle(v)?;
                    self.in_blossom[v] = c as u32;
                    match self.next_leaf(c, v) {
                        Some(n) => v = n,
                        None => break,
                    }
                }
            }
            c = nxt;
            if c == first {
                break;
            }
        }
        if !end_stage && self.label[b] == INNER {
            let entry = self.in_blossom[self.vertex(self.label_end[b] ^ 1)] as usize;
            let (j, len) = self.position(b, entry);
            let forward = j & 1 == 1;
            let mut steps = if forward { len - j } else { j };
            let mut c = entry;
            let mut p = self.label_end[b];
            while steps != 0 {
                let q = self.step_endpoint(c, forward);
                let x = self.vertex(p ^ 1);
                self.label[x] = FREE;
                let y = self.vertex(q ^ 1);
                self.label[y] = FREE;
                self.assign_label(x, INNER, p);
                self.allow(q as usize / 2);
                c = self.neighbour(c, forward);
                p = self.step_endpoint(c, forward);
                self.allow(p as usize / 2);
                c = self.neighbour(c, forward);
                steps -= 2;
            }
            let bv = c;
            let x = self.vertex(p ^ 1);
            self.label[x] = INNER;
            self.label[bv] = INNER;
            self.set_stamp(bv);
            self.list_active(bv);
            self.label_end[x] = p;
            self.label_end[bv] = p;
            self.best[bv] = NONE;
            c = self.neighbour(c, forward);
            while c != entry {
                let bv = c;
                if self.label[bv] == OUTER {
                    c = self.neighbour(c, forward);
                    continue;
                }
                let mut v = self.first_leaf(bv);
                let mut reached = None;
                loop {
                    if self.label[v] != FREE {
                        reached = Some(v);
                        break;
                    }
                    match self.next_leaf(bv, v) {
                        Some(n) => v = n,
                        None => break,
                    }
                }
                if let Some(v) = reached {
                    self.label[v] = FREE;
                    let m = self.mate[self.base[bv] as usize];
                    let mv = self.vertex(m);
                    self.label[mv] = FREE;
                    self.assign_label(v, INNER, self.label_end[v]);
                }
                c = self.neighbour(c, forward);
            }
        }
        self.label[b] = NONE;
        self.label_end[b] = NONE;
        self.first[b] = NONE;
        self.base[b] = NONE;
        self.best[b] = NONE;
        self.list_start[b] = NONE;
        self.unused[self.unused_len] = b as u32;
        self.unused_len += 1;
        Ok(())
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        // Unreachable: `v` is a vertex inside `b`: its `parent` chain reaches `b` (I2);
        // endpoints `p`, `p ^ 1` of the children's edges (I4).
        let mut t = v;
        while self.parent[t] as usize != b {
            t = self.parent[t] as usize;
        }
        if t >= self.nv {
            self.augment_blossom(t, v);
        }
        let (i, len) = self.position(b, t);
        let forward = i & 1 == 1;
        let mut steps = if forward { len - i } else { i };
        let mut c = t;
        while steps != 0 {
            c = self.neighbour(c, forward);
            let p = self.step_endpoint(c, forward);
            if c >= self.nv {
                self.augment_blossom(c, self.vertex(p));
            }
            c = self.neighbour(c, forward);
            if c >= self.nv {
                self.augment_blossom(c, self.vertex(p ^ 1));
            }
            let (x, y) = (self.vertex(p), self.vertex(p ^ 1));
            self.mate[x] = p ^ 1;
            self.mate[y] = p;
            steps -= 2;
        }
        self.first[b] = t as u32;
        self.base[b] = self.base[t];
    }

    fn augment_matching(&mut self, k: usize) {
        // Unreachable: edge `k < m` (I4); each path follows label ends, compared with `NONE`,
        // through vertices and their nodes (I2).
        let (v, w) = (self.end[2 * k] as usize, self.end[2 * k + 1] as usize);
        for (mut s, mut p) in [(v, (2 * k + 1) as u32), (w, (2 * k) as u32)] {
            loop {
                let bs = self.in_blossom[s] as usize;
                if bs >= self.nv {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.label_end[bs] == NONE {
                    break;
                }
                let t = self.vertex(self.label_end[bs]);
                let bt = self.in_blossom[t] as usize;
                let le = self.label_end[bt];
                s = self.vertex(le);
                let j = self.vertex(le ^ 1);
                if bt >= self.nv {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = le;
                p = le ^ 1;
            }
        }
    }

    /// Runs the stages to the end: afterwards the matching has the most edges any matching
    /// of the graph has, and among those the greatest weight.
    ///
    /// # Errors
    /// [`Overflow`] when a dual would leave `i64` (weights near `i64::MAX / V`).
    pub(crate) fn solve(&mut self) -> Result<(), Overflow> {
        // Unreachable: the queue, fringe and active lists are bounded (I3) and hold vertices or
        // nodes (I2); `adj_start[v]..adj_start[v + 1]` lies within `adj` (I2, I4); best edges
        // are compared with `NONE` before use.
        let nv = self.nv;
        // One tree at a time (the first free vertex's; another free vertex joins as a root when
        // the tree reaches it, and the stage augments between them) while that can grow: for a
        // graph with a perfect matching it always can (then the perfect matching of least
        // cost is optimal by LP duality whatever the free vertices' duals), and every stage
        // explores only the neighbourhood of its tree. Otherwise, from the start again, every
        // free vertex is a root, as in mwmatching (their duals kept equal).
        let mut one_tree = true;
        for _ in 0..2 * nv + 2 {
            self.stage += 1;
            self.active_len = 0;
            self.fringe_len = 0;
            self.label.fill(FREE);
            self.best.fill(NONE);
            self.allowed.fill(0);
            self.list_start.fill(NONE);
            self.pool_len = 0;
            self.queue_len = 0;
            let mut roots = 0;
            for v in 0..nv {
                if self.mate[v] == NONE && self.label[self.in_blossom[v] as usize] == FREE {
                    self.assign_label(v, OUTER, NONE);
                    roots += 1;
                    if one_tree {
                        break;
                    }
                }
            }
            if roots == 0 {
                break;
            }
            let mut augmented = false;
            loop {
                while self.queue_len > 0 && !augmented {
                    self.queue_len -= 1;
                    let v = self.queue[self.queue_len] as usize;
                    for a in self.adj_start[v] as usize..self.adj_start[v + 1] as usize {
                        let p = self.adj[a];
                        let k = p as usize / 2;
                        let w = self.vertex(p);
                        if self.in_blossom[v] == self.in_blossom[w] {
                            continue;
                        }
                        let mut kslack = 0;
                        if !self.is_allowed(k) {
                            kslack = self.slack(k);
                            if kslack <= 0 {
                                self.allow(k);
                            }
                        }
                        let bw = self.in_blossom[w] as usize;
                        if self.is_allowed(k) && self.label[bw] == FREE && self.mate[self.base[bw] as usize] == NONE {
                            // A free vertex outside the tree: a root of its own, and the edge
                            // joins two trees.
                            self.assign_label(w, OUTER, NONE);
                        }
                        if self.is_allowed(k) {
                            if self.label[bw] == FREE {
                                self.assign_label(w, INNER, p ^ 1);
                            } else if self.label[bw] == OUTER {
                                match self.scan_blossom(v, w) {
                                    Some(base) => self.add_blossom(base, k)?,
                                    None => {
                                        self.augment_matching(k);
                                        augmented = true;
                                        break;
                                    }
                                }
                            } else if self.label[w] == FREE {
                                self.label[w] = INNER;
                                self.label_end[w] = p ^ 1;
                            }
                        } else if self.label[bw] == OUTER {
                            let b = self.in_blossom[v] as usize;
                            if self.best[b] == NONE || kslack < self.slack(self.best[b] as usize) {
                                self.best[b] = k as u32;
                            }
                        } else if self.label[w] == FREE
                            && (self.best[w] == NONE || kslack < self.slack(self.best[w] as usize))
                        {
                            self.set_fringe_best(w, k);
                        }
                    }
                }
                if augmented {
                    break;
                }
                // The dual change: the least of the slacks that would let the forest grow.
                let mut delta: Option<(i128, u8, usize)> = None;
                let better = |d: i128, current: &Option<(i128, u8, usize)>| current.is_none_or(|(c, _, _)| d < c);
                for i in 0..self.fringe_len {
                    let v = self.fringe[i] as usize;
                    if self.label[self.in_blossom[v] as usize] == FREE && self.best[v] != NONE {
                        let d = self.slack(self.best[v] as usize);
                        if better(d, &delta) {
                            delta = Some((d, 2, self.best[v] as usize));
                        }
                    }
                }
                for i in 0..self.active_len {
                    let b = self.active[i] as usize;
                    if self.parent[b] != NONE || self.base[b] == NONE {
                        continue;
                    }
                    if self.label[b] == OUTER && self.best[b] != NONE {
                        let d = self.slack(self.best[b] as usize) / 2;
                        if better(d, &delta) {
                            delta = Some((d, 3, self.best[b] as usize));
                        }
                    } else if b >= nv && self.label[b] == INNER {
                        let d = i128::from(self.dual(b));
                        if better(d, &delta) {
                            delta = Some((d, 4, b));
                        }
                    }
                }
                let Some((d, kind, at)) = delta else {
                    // No way to grow: with every free vertex a root, the matching has the most
                    // edges possible.
                    break;
                };
                let d = i64::try_from(d).map_err(|_| Overflow)?;
                // The vertices' duals change lazily (`vertex_dual`).
                self.total = self.total.checked_add(d).ok_or(Overflow)?;
                for i in 0..self.active_len {
                    let b = self.active[i] as usize;
                    if b >= nv && self.base[b] != NONE && self.parent[b] == NONE {
                        let value = match self.label[b] {
                            OUTER => self.dual(b).checked_add(d),
                            INNER => self.dual(b).checked_sub(d),
                            _ => continue,
                        };
                        self.set_dual(b, value.ok_or(Overflow)?);
                    }
                }
                match kind {
                    2 => {
                        self.allow(at);
                        let (mut i, j) = (self.end[2 * at] as usize, self.end[2 * at + 1] as usize);
                        if self.label[self.in_blossom[i] as usize] == FREE {
                            i = j;
                        }
                        self.push(i);
                    }
                    3 => {
                        self.allow(at);
                        self.push(self.end[2 * at] as usize);
                    }
                    _ => self.expand_blossom(at, false)?,
                }
            }
            if !augmented {
                if !one_tree {
                    break;
                }
                // The tree cannot grow: the graph has no perfect matching, and the free
                // vertices' duals now differ. Start again with every free vertex a root.
                self.start();
                one_tree = false;
                continue;
            }
            // The stage's dual change into the stored duals, before the labels go.
            for v in 0..nv {
                self.settle(v)?;
            }
            self.total = 0;
            self.stamp.fill([0; 2]);
            for b in nv..2 * nv {
                if self.parent[b] == NONE && self.base[b] != NONE && self.label[b] == OUTER && self.dual(b) == 0 {
                    self.expand_blossom(b, true)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::vec;
    use std::vec::Vec;

    use super::*;

    /// The most edges of any matching of `edges` on `nv` vertices, and the greatest weight
    /// among those: every subset of edges.
    fn brute_force(nv: usize, edges: &[(u32, u32, i64)]) -> (usize, i64) {
        let mut best = (0, 0);
        for subset in 0u32..1 << edges.len() {
            let mut used = vec![false; nv];
            let (mut count, mut weight, mut ok) = (0, 0, true);
            for (k, &(i, j, w)) in edges.iter().enumerate() {
                if subset >> k & 1 == 1 {
                    ok &= !used[i as usize] && !used[j as usize];
                    used[i as usize] = true;
                    used[j as usize] = true;
                    count += 1;
                    weight += w;
                }
            }
            if ok && (count, weight) > best {
                best = (count, weight);
            }
        }
        best
    }

    #[test]
    fn the_most_edges_then_the_greatest_weight_on_every_small_random_graph() {
        let mut state = 0x6d61_7463_6869_6e67_u64;
        let mut next = move |bound: u64| {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % bound
        };
        for _ in 0..4000 {
            let nv = 2 + next(6) as usize;
            let mut edges: Vec<(u32, u32, i64)> = Vec::new();
            for _ in 0..next(11) {
                let (i, j) = (next(nv as u64) as u32, next(nv as u64) as u32);
                if i != j && !edges.iter().any(|&(a, b, _)| (a, b) == (i, j) || (a, b) == (j, i)) {
                    // Weights with ties and negatives, as `pair` makes them.
                    edges.push((i, j, next(7) as i64 - 5));
                }
            }
            let mut words = vec![0u32; words_needed(nv, edges.len()).unwrap()];
            let mut matcher = Matcher::new(nv, edges.len(), &mut words);
            for (k, &(i, j, w)) in edges.iter().enumerate() {
                matcher.set_edge(k, i, j, w);
            }
            matcher.start();
            matcher.solve().unwrap();
            let mut count = 0;
            let mut weight = 0;
            for v in 0..nv {
                if let (Some(u), Some(k)) = (matcher.mate_of(v), matcher.mate_edge(v)) {
                    assert_eq!(matcher.mate_of(u), Some(v), "{edges:?}");
                    if v < u {
                        count += 1;
                        weight += matcher.weight(k);
                    }
                }
            }
            assert_eq!((count, weight), brute_force(nv, &edges), "{nv} vertices, {edges:?}");
        }
    }
}
