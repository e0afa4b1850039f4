//! What the cache-aware routing scene puts on screen, wide beside the
//! sliders or in a column on a phone: the router at the top, and under it
//! each card's queue, its load against the 60 % headroom, and one cell per
//! family it homes (a preamble kept, evicted, or a free slot). Arrivals fly
//! from the router to where they land; every few seconds one of them is
//! drawn larger and labelled where it lands: a hit on its family's cell, or
//! a miss on a card that prefills its preamble.
//!
//! Both layouts share the drawing; [`Geometry`] says where each part goes.

use super::scene::{Caches, CarScene, COUNTERS, LINGER_S, TRACE_EVERY_S, TRACE_LINGER_S};
use crate::engine::routing::{Policy, HEADROOM};
use crate::engine::routing_draw::{self, fate_ink, glyph, more, say, width, Columns};
use crate::engine::routing_live::{Card, Fate, Flight, Kind, LiveRouting};
use crate::engine::routing_scene::{RoutingView, FLIGHT_S};
use crate::model::scene::{Align, Frame, Glyph, Ink, Layout, Thousands};

/// Card columns drawn at most, wide and narrow; past it the last column
/// stands for the rest (their average load, all their waiting).
const COLUMNS: (usize, usize) = (16, 8);
/// Rings of a queue: the gap between them and their radius.
const RING: (f32, f32) = (8.0, 3.2);

/// Where the parts go in one layout, in the scene's units.
pub(super) struct Geometry {
    pub(super) size: (f32, f32),
    narrow: bool,
    cols: Columns,
    /// The right edge of the rows' names, left of the columns.
    names_x: f32,
    /// The router's box: x, y, width, height.
    router: (f32, f32, f32, f32),
    /// Where the arrivals' key starts (its baseline).
    key: (f32, f32),
    /// The queues' top and bottom.
    queue: (f32, f32),
    /// The load bars' top and height.
    bar: (f32, f32),
    numbers_y: f32,
    /// The cells' top and bottom, and the cells' pitch.
    cells: (f32, f32),
    pitch: f32,
    /// Where the cells' key starts: beside the cells (wide, a column) or
    /// under them (narrow, a row).
    cell_key: (f32, f32),
    /// The counters' row (wide only) and the note on arrivals drawn.
    counters_y: Option<f32>,
    stride_y: f32,
}

impl Geometry {
    /// Cells in a row of a column.
    fn per_row(&self) -> usize {
        (((self.cols.width - 4.0) / self.pitch) as usize).max(1)
    }
    /// Cells a column shows at most.
    fn cells_cap(&self) -> usize {
        self.per_row() * ((self.cells.1 - self.cells.0) / self.pitch) as usize
    }
    /// Top-left of the cell of rank r in column c.
    fn cell(&self, c: usize, r: usize) -> (f32, f32) {
        let (row, k) = (r / self.per_row(), r % self.per_row());
        (
            self.cols.left(c) + 2.0 + self.pitch * k as f32,
            self.cells.0 + self.pitch * row as f32,
        )
    }
    /// A cell's side.
    fn side(&self) -> f32 {
        self.pitch - 2.0
    }
    /// Where arrivals leave the router.
    fn from(&self) -> (f32, f32) {
        let (x, y, w, h) = self.router;
        (x + w / 2.0, y + h)
    }
}

/// The policy in a few words, for a phone's title.
fn short(p: Policy) -> &'static str {
    match p {
        Policy::RoundRobin => "round-robin (cache-blind)",
        Policy::Hash => "hash the family",
        Policy::HashShard2 => "hash, hot one on two cards",
        Policy::HashOverflow => "hash + overflow at 60%",
    }
}

/// What the followed arrival's label says, wide and narrow.
fn words(fate: Fate, production: bool) -> (&'static str, &'static str) {
    match fate {
        Fate::Away | Fate::Evicted if production => {
            ("miss: prefills its preamble", "miss: prefill")
        }
        Fate::Hit => ("hit: its preamble is here", "hit: kept"),
        Fate::Away => ("miss: prefills its preamble", "miss: prefill"),
        Fate::Evicted => ("evicted: prefills it again", "re-prefill"),
        Fate::Spilled => ("overflowed: prefills it", "overflow"),
    }
}

impl CarScene {
    /// Where the parts go in `layout`.
    pub(super) fn geometry(&self, layout: Layout) -> Geometry {
        let cards = self.inp.cards;
        if layout == Layout::Narrow {
            let cols = Columns::new(cards, COLUMNS.1, (52.0, 316.0), 80.0);
            let mid = (cols.x0 + cols.right()) / 2.0;
            return Geometry {
                size: (320.0, 470.0),
                narrow: true,
                cols,
                names_x: 48.0,
                router: (mid - 55.0, 84.0, 110.0, 42.0),
                key: (8.0, 74.0),
                queue: (144.0, 190.0),
                bar: (196.0, 36.0),
                numbers_y: 248.0,
                cells: (258.0, 378.0),
                pitch: 9.5,
                cell_key: (8.0, 414.0),
                counters_y: None,
                stride_y: 458.0,
            };
        }
        let cols = Columns::new(cards, COLUMNS.0, (118.0, 866.0), 130.0);
        let mid = (cols.x0 + cols.right()) / 2.0;
        Geometry {
            size: (876.0, 420.0),
            narrow: false,
            cols,
            names_x: 114.0,
            router: (mid - 55.0, 48.0, 110.0, 42.0),
            key: (mid + 73.0, 74.0),
            queue: (100.0, 152.0),
            bar: (158.0, 36.0),
            numbers_y: 210.0,
            cells: (220.0, 346.0),
            pitch: 14.0,
            cell_key: (10.0, 236.0),
            counters_y: Some(394.0),
            stride_y: 412.0,
        }
    }

    /// The scene in the frame's layout.
    pub(super) fn draw_scene(&self, live: &LiveRouting, f: &mut Frame) {
        let g = self.geometry(f.layout);
        self.header(f, &g);
        self.router(f, &g);
        self.cards(live, f, &g);
        self.cell_key(f, &g);
        self.marks(live, f, &g);
        self.traced(live, f, &g);
        if let Some(y) = g.counters_y {
            routing_draw::counters(f, (10.0, y), &COUNTERS, &self.values(live));
        }
        let at = (g.size.0 - 8.0, g.stride_y);
        routing_draw::stride_note(f, at, self.stride());
    }

    /// The title lines: the router, the fleet, what a card keeps.
    fn header(&self, f: &mut Frame, g: &Geometry) {
        let inp = &self.inp;
        let hot = inp.hot_share > 0.0;
        let rest = g.cols.n.saturating_sub(g.cols.count() - 1);
        if g.narrow {
            f.plain((8.0, 18.0), format_args!("Router: {}", short(inp.policy)));
            let args = format_args!(
                "{} cards · {:.0} req/s · {} families",
                inp.cards, inp.arrivals, inp.families,
            );
            f.plain((8.0, 36.0), args);
            let held = Thousands(inp.held() as f64);
            let args = if hot {
                format_args!("+ a hot one · {held} preambles a card")
            } else {
                format_args!("{held} preambles of {:.0} MB a card", inp.copy_mb())
            };
            say(f, (8.0, 54.0), Ink::Muted, Align::Left, args);
            if g.cols.aggregated() {
                let args = format_args!("last column: the other {rest} cards");
                say(f, (8.0, g.cell_key.1 + 20.0), Ink::Muted, Align::Left, args);
            }
            return;
        }
        let args = format_args!(
            "Router: {} · {} cards (GPUs) · {:.0} req/s over {} families{}",
            inp.policy.label(),
            inp.cards,
            inp.arrivals,
            inp.families,
            if hot { " + a hot one" } else { "" },
        );
        f.plain((10.0, 18.0), args);
        let start = f.text.len();
        let (held, mb) = (Thousands(inp.held() as f64), inp.copy_mb());
        let args = if self.caches.is_some() {
            format_args!("Each card keeps the last {held} preambles it prefilled, {mb:.0} MB each")
        } else {
            format_args!("Each card keeps {held} preambles of {mb:.0} MB")
        };
        say(f, (10.0, 38.0), Ink::Muted, Align::Left, args);
        if g.cols.aggregated() {
            let x = 10.0 + width(&f.text[start..]) + 8.0;
            let args = format_args!("· the last column stands for the other {rest} cards");
            say(f, (x, 38.0), Ink::Muted, Align::Left, args);
        }
    }

    /// The router's box, and the key to the arrivals' marks beside it (the
    /// kinds this run can have).
    fn router(&self, f: &mut Frame, g: &Geometry) {
        let (x, y, w, h) = g.router;
        f.rect(x, y, w, h, Ink::Card);
        f.outline(x, y, w, h, Ink::Text);
        let mid = x + w / 2.0;
        say(
            f,
            (mid, y + 17.0),
            Ink::Text,
            Align::Center,
            format_args!("router"),
        );
        let word = self.inp.policy.word();
        say(
            f,
            (mid, y + 34.0),
            Ink::Muted,
            Align::Center,
            format_args!("{word}"),
        );
        let evicts = (0..self.inp.cards).any(|i| self.s.homes_on(i) > self.inp.held());
        let policy = self.inp.policy;
        let kinds = if let Some(c) = &self.caches {
            // Closer to production: the kinds met so far.
            let t = &c.totals;
            [
                (true, Fate::Hit, "hit"),
                (t.away > 0, Fate::Away, "miss"),
                (t.evicted > 0, Fate::Evicted, "re-prefill"),
                (t.spilled > 0, Fate::Spilled, "overflow"),
            ]
        } else {
            [
                (true, Fate::Hit, "hit"),
                (policy == Policy::RoundRobin, Fate::Away, "miss"),
                (evicts, Fate::Evicted, "re-prefill"),
                (policy == Policy::HashOverflow, Fate::Spilled, "overflow"),
            ]
        };
        let (mut kx, ky) = g.key;
        for (_, fate, word) in kinds.into_iter().filter(|k| k.0) {
            f.mark(kx + 4.0, ky - 4.5, 4.0, glyph(fate), fate_ink(fate));
            say(
                f,
                (kx + 12.0, ky),
                Ink::Text,
                Align::Left,
                format_args!("{word}"),
            );
            kx += 12.0 + width(word) + 14.0;
        }
    }

    /// Each column's queue, load bar and cells, the headroom line across
    /// the bars, and the rows' names on the left.
    fn cards(&self, live: &LiveRouting, f: &mut Frame, g: &Geometry) {
        let w = g.cols.width;
        let rows = ((g.queue.1 - g.queue.0) / RING.0) as usize;
        let (bar_y, bar_h) = g.bar;
        // Where the last "+N" over a queue and under the cells ended: one
        // that would touch it is left out.
        let mut ends = (f32::MIN, f32::MIN);
        for c in 0..g.cols.count() {
            let (load, card) = self.column(live, g, c);
            let bottom = (g.cols.center(c), g.queue.1);
            // Closer to production a queued request's fate is the cache's,
            // which the queue does not keep: one ink for all.
            let production = self.caches.is_some();
            let ink = |k: Kind| {
                if production {
                    Ink::Muted
                } else {
                    fate_ink(k.fate)
                }
            };
            routing_draw::queue(f, &card, bottom, RING, rows, ink, &mut ends.0);
            let x = g.cols.left(c);
            routing_draw::load_bar(f, (x + 2.0, bar_y, w - 4.0, bar_h), load, HEADROOM);
            if !g.cols.is_rest(c) {
                self.cells(f, g, c, &mut ends.1);
            }
        }
        let nx = g.names_x;
        g.cols.headroom(f, g.bar, HEADROOM, nx);
        g.cols.numbers(f, g.numbers_y, 0, nx);
        let muted = |f: &mut Frame, y: f32, s: &str| {
            say(f, (nx, y), Ink::Muted, Align::Right, format_args!("{s}"));
        };
        muted(f, g.queue.1 - 6.0, "queue");
        muted(f, bar_y + bar_h - 2.0, "load");
    }

    /// Column c's load and queue: closer to production with the misses'
    /// prefill on the load.
    fn column(&self, live: &LiveRouting, g: &Geometry, c: usize) -> (f64, Card) {
        let (load, card) = g.cols.card(live, c);
        if self.caches.is_none() {
            return (load, card);
        }
        let n = live.cards().len();
        let cards = if g.cols.is_rest(c) { c..n } else { c..c + 1 };
        let k = cards.len().max(1) as f64;
        (cards.map(|i| self.load(live, i)).sum::<f64>() / k, card)
    }

    /// Closer to production, card i's slots as they are now: the copy in
    /// each (the hot family's in its own ink) or free; "+N" past the cap.
    fn slots(&self, c: &Caches, f: &mut Frame, g: &Geometry, i: usize, end: &mut f32) {
        let (total, cap) = (c.slots(), g.cells_cap());
        let hot = self.s.cold_families.max(1) as u32;
        for r in 0..total.min(cap) {
            let look = match c.at(i, r) {
                None => CellLook::Free,
                Some(f) if f == hot && self.s.hot_homes() > 0 => CellLook::Hot,
                Some(_) => CellLook::Kept,
            };
            look.draw(f, g.cell(i, r), g.side());
        }
        if total > cap {
            let at = (g.cols.center(i), g.cells.1 + 14.0);
            more(f, at, Ink::Muted, total - cap, end);
        }
    }

    /// Card i's homes in rank order, then its free slots; "+N" past the cap.
    fn cells(&self, f: &mut Frame, g: &Geometry, i: usize, end: &mut f32) {
        if let Some(c) = &self.caches {
            return self.slots(c, f, g, i, end);
        }
        let (d, held, cap) = (self.s.homes_on(i), self.inp.held(), g.cells_cap());
        let hot_rank =
            (self.s.hot_homes() > i).then(|| self.s.home_rank(self.s.cold_families.max(1), i));
        let total = d.max(held);
        for r in 0..total.min(cap) {
            let (x, y) = g.cell(i, r);
            let look = if r >= d {
                CellLook::Free
            } else if r >= held {
                CellLook::Evicted
            } else if hot_rank == Some(r) {
                CellLook::Hot
            } else {
                CellLook::Kept
            };
            look.draw(f, (x, y), g.side());
        }
        if total > cap {
            let at = (g.cols.center(i), g.cells.1 + 14.0);
            more(f, at, Ink::Muted, total - cap, end);
        }
    }

    /// What a cell means, beside the cells (wide) or under them (narrow):
    /// only the kinds of cell this run has.
    fn cell_key(&self, f: &mut Frame, g: &Geometry) {
        let (evicts, free) = match &self.caches {
            // Closer to production no cell is a home without a slot.
            Some(c) => (
                false,
                (0..self.inp.cards).any(|i| (0..c.slots()).any(|k| c.at(i, k).is_none())),
            ),
            None => (
                (0..self.inp.cards).any(|i| self.s.homes_on(i) > self.inp.held()),
                (0..self.inp.cards).any(|i| self.s.homes_on(i) < self.inp.held()),
            ),
        };
        let looks = [
            (true, CellLook::Kept, "kept"),
            (self.s.hot_homes() > 0, CellLook::Hot, "hot one"),
            (evicts, CellLook::Evicted, "evicted"),
            (free, CellLook::Free, "free slot"),
        ];
        let (mut x, mut y) = g.cell_key;
        if !g.narrow {
            say(f, (x, y), Ink::Text, Align::Left, format_args!("preambles"));
            y += 20.0;
        }
        for (_, look, word) in looks.into_iter().filter(|k| k.0) {
            look.draw(f, (x + 2.0, y - 9.0), 8.0);
            say(
                f,
                (x + 15.0, y),
                Ink::Text,
                Align::Left,
                format_args!("{word}"),
            );
            if g.narrow {
                x += 15.0 + width(word) + 14.0;
            } else {
                y += 18.0;
            }
        }
    }

    /// What an arrival met: the seed card's fate, or closer to production
    /// its card's cache's.
    fn fate(&self, fl: &Flight) -> Fate {
        match &self.caches {
            Some(c) => c.met(fl.seq).map_or(fl.fate, |m| m.fate),
            None => fl.fate,
        }
    }

    /// The slot an arrival lands in closer to production: where its copy
    /// is now, hit or just kept.
    fn slot(&self, fl: &Flight) -> Option<usize> {
        self.caches.as_ref()?.met(fl.seq)?.slot
    }

    /// Where an arrival lands: its family's cell on a home card (closer to
    /// production, the slot its copy is in), else the card's load bar.
    fn target(&self, g: &Geometry, fl: &Flight) -> (f32, f32) {
        let card = fl.routed.card as usize;
        let c = g.cols.of(card);
        let half = g.side() / 2.0;
        if self.caches.is_some() {
            if let Some(r) = self
                .slot(fl)
                .filter(|&r| g.cols.own(card) && r < g.cells_cap())
            {
                let (x, y) = g.cell(c, r);
                return (x + half, y + half);
            }
        } else if fl.routed.at_home && g.cols.own(card) {
            let r = self.s.home_rank(fl.routed.family as usize, card);
            if r < g.cells_cap() {
                let (x, y) = g.cell(c, r);
                return (x + half, y + half);
            }
        }
        (g.cols.center(c), g.bar.0 + 0.5 * g.bar.1)
    }

    /// Arrivals in the air, then the ones just landed, lit where they landed.
    fn marks(&self, live: &LiveRouting, f: &mut Frame, g: &Geometry) {
        let stride = self.stride();
        let r = if g.narrow { 2.6 } else { 3.2 };
        let to = |fl: &Flight| self.target(g, fl);
        let look = |fl: &Flight| (glyph(self.fate(fl)), fate_ink(self.fate(fl)));
        routing_draw::flights(f, live, stride, g.from(), to, look, r);
        let now = live.now();
        let half = g.pitch / 2.0;
        for fl in live.flights() {
            let age = now - fl.t - FLIGHT_S;
            if fl.seq % stride != 0 || !(0.0..LINGER_S).contains(&age) {
                continue;
            }
            let (x, y) = self.target(g, fl);
            let fate = self.fate(fl);
            let on_cell = match &self.caches {
                Some(_) => y >= g.cells.0,
                None => matches!(fate, Fate::Hit | Fate::Evicted) && fl.routed.at_home,
            };
            if on_cell {
                f.rect(x - half, y - half, g.pitch, g.pitch, fate_ink(fate));
            } else {
                f.mark(x, y, r + 0.8, glyph(fate), fate_ink(fate));
            }
        }
    }

    /// The arrival followed now, if one is: the first of its period of
    /// [`TRACE_EVERY_S`], from its routing until [`TRACE_LINGER_S`] after
    /// it lands (an earlier period's first, while it is still shown).
    fn follow<'a>(&self, live: &'a LiveRouting) -> Option<&'a Flight> {
        let now = live.now();
        let keep = FLIGHT_S + TRACE_LINGER_S;
        let k = (now / TRACE_EVERY_S).floor();
        [k - 1.0, k].into_iter().find_map(|slot| {
            let from = slot * TRACE_EVERY_S;
            // Every arrival since `now − keep` is still kept, so the first
            // found from `from` is the period's first.
            if slot < 0.0 || from < now - keep {
                return None;
            }
            let fl = live.flights().find(|fl| fl.t >= from)?;
            (fl.t < from + TRACE_EVERY_S && now - fl.t < keep).then_some(fl)
        })
    }

    /// The followed arrival: larger and ringed in the air, and once landed
    /// a label on a plate beside it, in the band where it landed (the
    /// cells, or the load bars).
    fn traced(&self, live: &LiveRouting, f: &mut Frame, g: &Geometry) {
        let Some(fl) = self.follow(live) else {
            return;
        };
        let (tx, ty) = self.target(g, fl);
        let p = ((live.now() - fl.t) / FLIGHT_S) as f32;
        let (fx, fy) = g.from();
        let (x, y) = if p < 1.0 {
            (fx + (tx - fx) * p, fy + (ty - fy) * p)
        } else {
            (tx, ty)
        };
        let fate = self.fate(fl);
        let ink = fate_ink(fate);
        f.mark(x, y, 9.0, Glyph::Ring, Ink::Text);
        f.mark(x, y, 5.0, glyph(fate), ink);
        if p < 1.0 {
            return;
        }
        let (wide, narrow) = words(fate, self.caches.is_some());
        let text = if g.narrow { narrow } else { wide };
        let pw = width(text) + 10.0;
        let (x0, x1) = (g.cols.x0, g.size.0 - 4.0);
        let px = if x + 12.0 + pw <= x1 {
            x + 12.0
        } else if x - 12.0 - pw >= x0 {
            x - 12.0 - pw
        } else {
            (x - pw / 2.0).clamp(x0, x1 - pw)
        };
        let on_cells = y >= g.cells.0;
        let (top, bottom) = if on_cells {
            g.cells
        } else {
            (g.bar.0, g.bar.0 + g.bar.1)
        };
        let base = (y + 4.5).clamp(top + 11.0, bottom - 4.0);
        f.rect(px, base - 13.0, pw, 18.0, Ink::Card);
        f.outline(px, base - 13.0, pw, 18.0, ink);
        say(
            f,
            (px + 5.0, base),
            Ink::Text,
            Align::Left,
            format_args!("{text}"),
        );
    }
}

/// How a cell looks: a preamble kept (the hot family's in its own ink), a
/// home with no slot left (evicted), or a free slot.
#[derive(Clone, Copy)]
enum CellLook {
    Kept,
    Hot,
    Evicted,
    Free,
}

impl CellLook {
    fn draw(self, f: &mut Frame, (x, y): (f32, f32), side: f32) {
        match self {
            CellLook::Free => f.outline(x, y, side, side, Ink::Idle),
            CellLook::Evicted => {
                f.outline(x, y, side, side, Ink::Warn);
                f.mark(x + side / 2.0, y + side / 2.0, 2.5, Glyph::Cross, Ink::Warn);
            }
            CellLook::Kept | CellLook::Hot => {
                let ink = if matches!(self, CellLook::Hot) {
                    Ink::ClassA
                } else {
                    Ink::Card
                };
                f.rect(x, y, side, side, ink);
                f.outline(x, y, side, side, Ink::Muted);
            }
        }
    }
}
