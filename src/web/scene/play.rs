//! The scene's playback: whether it runs, how far an animation frame moves
//! it, and what its frames cost.

/// Real seconds one "Step" (and, with reduced motion, one tick of play)
/// moves the scene, times the speed.
pub const STEP_REAL_S: f64 = 1.0;
/// A frame moves at most this many real seconds (a stalled tab does not
/// jump ahead when it comes back).
const MAX_FRAME_S: f64 = 0.1;

/// Play, pause, and what holds a playing scene still.
pub(super) struct Clock {
    /// The learner's wish: playing or paused.
    pub playing: bool,
    /// The scene is on screen (an IntersectionObserver says).
    pub in_view: bool,
    /// The tab is hidden.
    pub tab_hidden: bool,
    /// `prefers-reduced-motion: reduce`: no autoplay, and play moves in
    /// steps, one a second, rather than smoothly.
    pub reduced: bool,
    /// Simulated seconds per real second.
    pub speed: f64,
    /// A `requestAnimationFrame` is asked for and has not come yet.
    pub pending: bool,
    /// The time of the last frame that ran (ms); none after a pause.
    last: Option<f64>,
    /// With reduced motion: real seconds gathered toward the next step.
    gathered: f64,
}

impl Clock {
    pub fn new(reduced: bool) -> Clock {
        Clock {
            playing: !reduced,
            in_view: true,
            tab_hidden: false,
            reduced,
            speed: 1.0,
            pending: false,
            last: None,
            gathered: 0.0,
        }
    }

    /// Playing, on screen, and the tab shown.
    pub fn running(&self) -> bool {
        self.playing && self.in_view && !self.tab_hidden
    }

    /// An animation frame at `ts` (ms): the simulated seconds to move now.
    /// A frame that arrives out of order moves nothing; the first frame
    /// after a pause only starts the count.
    pub fn tick(&mut self, ts: f64) -> f64 {
        self.pending = false;
        if !self.running() {
            self.last = None;
            return 0.0;
        }
        let dt = match self.last {
            Some(l) if ts.is_finite() => ((ts - l) / 1000.0).clamp(0.0, MAX_FRAME_S),
            _ => 0.0,
        };
        if ts.is_finite() {
            self.last = Some(self.last.map_or(ts, |l| l.max(ts)));
        }
        if !self.reduced {
            return dt * self.speed;
        }
        self.gathered += dt;
        if self.gathered < STEP_REAL_S {
            return 0.0;
        }
        self.gathered = 0.0;
        self.step_s()
    }

    /// Simulated seconds of one step.
    pub fn step_s(&self) -> f64 {
        STEP_REAL_S * self.speed
    }

    /// Forget the last frame (a pause, a rebuild): the next one starts
    /// the count again.
    pub fn rest(&mut self) {
        self.last = None;
        self.gathered = 0.0;
    }

    /// `playing`, `paused`, or `held` (playing, but off screen or in a
    /// hidden tab).
    pub fn word(&self) -> &'static str {
        match (self.playing, self.running()) {
            (true, true) => "playing",
            (true, false) => "held",
            _ => "paused",
        }
    }
}

/// How many frames the cost figures cover.
const WINDOW: usize = 240;

/// What the last frames cost: milliseconds of advance + draw + paint, and
/// allocations made meanwhile.
pub(super) struct Stats {
    ms: [f64; WINDOW],
    allocs: [u32; WINDOW],
    len: usize,
    at: usize,
    sorted: [f64; WINDOW],
    pub frames: u64,
}

impl Stats {
    pub fn new() -> Stats {
        Stats {
            ms: [0.0; WINDOW],
            allocs: [0; WINDOW],
            len: 0,
            at: 0,
            sorted: [0.0; WINDOW],
            frames: 0,
        }
    }

    pub fn record(&mut self, ms: f64, allocs: u32) {
        self.ms[self.at] = ms;
        self.allocs[self.at] = allocs;
        self.at = (self.at + 1) % WINDOW;
        self.len = (self.len + 1).min(WINDOW);
        self.frames += 1;
    }

    /// p50, p95 and max of the window's frame times, and the allocations
    /// of its frames in all.
    pub fn summary(&mut self) -> Option<(f64, f64, f64, u32, usize)> {
        if self.len == 0 {
            return None;
        }
        let s = &mut self.sorted[..self.len];
        s.copy_from_slice(&self.ms[..self.len]);
        // An insertion sort: a few hundred numbers, a few times a second,
        // in less code than the library's sorts.
        for i in 1..s.len() {
            let mut j = i;
            while j > 0 && s[j - 1] > s[j] {
                s.swap(j - 1, j);
                j -= 1;
            }
        }
        let q = |p: f64| s[((p * s.len() as f64) as usize).min(s.len() - 1)];
        let allocs = self.allocs[..self.len].iter().sum();
        Some((q(0.5), q(0.95), s[s.len() - 1], allocs, self.len))
    }
}
